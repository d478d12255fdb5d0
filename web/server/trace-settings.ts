/** What the web server's tracing (server/telemetry.ts) does, read from the environment. */
export interface TraceSettings {
  /** where spans go; null: nowhere, and nothing is loaded */
  exporter: "zipkin" | "otlp" | null;
  serviceName: string;
  /** continue a trace the browser started (its traceparent): WEB_TRACE_BROWSER_REQUESTS=1 */
  continueBrowserTraces: boolean;
  /** incoming requests that make no span */
  ignored: (url: string) => boolean;
}

// built assets, health checks, and what browsers send on their own (logs, CSP reports, analytics)
const UNTRACED = /^\/(?:assets\/|favicon|healthz|readyz|api\/(?:client-log|csp-report|gmapi|conversionapi))/;

export function traceSettings(env: NodeJS.ProcessEnv): TraceSettings {
  const chosen = env.OTEL_TRACES_EXPORTER ?? "otlp";
  const otlpEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const exporter = chosen === "zipkin" ? "zipkin" : chosen === "otlp" && otlpEndpoint ? "otlp" : null;
  return {
    exporter,
    serviceName: env.OTEL_SERVICE_NAME || (env.FRONTEND_NAME ? `web ${env.FRONTEND_NAME}` : "web"),
    continueBrowserTraces: env.WEB_TRACE_BROWSER_REQUESTS === "1",
    ignored: (url) => UNTRACED.test(url),
  };
}

export function shouldTrace(settings: TraceSettings): boolean {
  return settings.exporter !== null;
}
