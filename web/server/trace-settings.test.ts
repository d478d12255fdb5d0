import { describe, expect, it } from "vitest";
import { shouldTrace, traceSettings } from "./trace-settings";

describe("traceSettings", () => {
  it("traces nothing, and loads nothing, unless spans go somewhere", () => {
    expect(shouldTrace(traceSettings({}))).toBe(false);
    expect(shouldTrace(traceSettings({ OTEL_TRACES_EXPORTER: "none", OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" }))).toBe(false);
    expect(traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).exporter).toBe("otlp");
    expect(traceSettings({ OTEL_TRACES_EXPORTER: "zipkin" }).exporter).toBe("zipkin");
  });

  it("continues a browser's trace only when told to", () => {
    expect(traceSettings({ OTEL_TRACES_EXPORTER: "zipkin" }).continueBrowserTraces).toBe(false);
    expect(traceSettings({ OTEL_TRACES_EXPORTER: "zipkin", WEB_TRACE_BROWSER_REQUESTS: "1" }).continueBrowserTraces).toBe(true);
  });

  it("names each site's server and leaves assets, health checks and beacons out", () => {
    expect(traceSettings({ FRONTEND_NAME: "jobboard-us" }).serviceName).toBe("web jobboard-us");
    const { ignored } = traceSettings({});
    for (const url of ["/assets/entry.client-abc.js", "/healthz", "/readyz", "/api/client-log", "/api/csp-report", "/api/gmapi"]) {
      expect(ignored(url)).toBe(true);
    }
    for (const url of ["/", "/jobs?q=nurse", "/graphql", "/job/gardener-berlin", "/api/uploads/organizations/x.webp"]) {
      expect(ignored(url)).toBe(false);
    }
  });
});
