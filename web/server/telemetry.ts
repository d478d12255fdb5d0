/**
 * OpenTelemetry for the web server, loaded before it (`node --import`, package.json's start) so
 * Node's HTTP module and fetch are patched before the server uses them. It does something only
 * when spans go somewhere (OpenTelemetry's own variables: OTEL_TRACES_EXPORTER=zipkin for the
 * local trace viewer, `make tracing`; OTEL_EXPORTER_OTLP_ENDPOINT for a collector): otherwise not
 * even the SDK is imported, and a page render pays nothing for tracing.
 *
 * While it runs, a page render's calls to the gateway (fetch) and the GraphQL proxy's requests
 * (node:http) carry the trace on (W3C traceparent). A trace the browser started (its own
 * traceparent on /graphql) is continued only with WEB_TRACE_BROWSER_REQUESTS=1 (the local stack
 * sets it with tracing on): a browser's header is not trusted by default, a production server
 * starts its own trace.
 */
import type { Context, TextMapGetter } from "@opentelemetry/api";
import { shouldTrace, traceSettings } from "./trace-settings.js";

const settings = traceSettings(process.env);

if (shouldTrace(settings)) {
  const [
    { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator },
    { OTLPTraceExporter },
    { ZipkinExporter },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { resourceFromAttributes },
    { NodeSDK },
    { BatchSpanProcessor },
    { ATTR_SERVICE_NAME },
  ] = await Promise.all([
    import("@opentelemetry/core"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/exporter-zipkin"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/semantic-conventions"),
  ]);
  /** W3C trace context, whose extraction (an incoming request's traceparent) is optional. */
  class ServerTraceContext extends W3CTraceContextPropagator {
    override extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
      return settings.continueBrowserTraces ? super.extract(context, carrier, getter) : context;
    }
  }

  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        // the Zipkin exporter reads OTEL_EXPORTER_ZIPKIN_ENDPOINT (default localhost:9411)
        exporter: settings.exporter === "zipkin" ? new ZipkinExporter() : new OTLPTraceExporter(),
      }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
    textMapPropagator: new CompositePropagator({
      propagators: [new ServerTraceContext(), new W3CBaggagePropagator()],
    }),
    instrumentations: [
      new HttpInstrumentation({
        // pages, /graphql and the proxies; not the built assets, the health checks or the
        // browser's analytics beacons
        ignoreIncomingRequestHook: (req) => settings.ignored(req.url ?? ""),
        // "POST /graphql", "GET /jobs" in the viewer, not only the method
        requestHook: (span, request) => {
          if ("url" in request && "method" in request && !("path" in request)) {
            span.updateName(`${request.method ?? "GET"} ${(request.url ?? "/").split("?")[0]}`);
          }
        },
      }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // the spans of the last requests go out before the server exits (main.ts's shutdown)
  process.once("beforeExit", () => void sdk.shutdown().catch(() => undefined));
}
