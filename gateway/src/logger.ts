import { trace } from '@opentelemetry/api';

type Level = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Structurally the logger Apollo Server and the gateway accept. */
export interface JsonLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  log(level: Level, msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout, with the active trace id when there is one. */
export function createJsonLogger(options: {
  level?: string;
  write?: (line: string) => void;
} = {}): JsonLogger {
  const threshold = LEVELS[(options.level as Level) ?? 'info'] ?? LEVELS.info;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));

  const log = (level: Level, msg: string, fields: Record<string, unknown> = {}): void => {
    if (LEVELS[level] < threshold) return;
    const spanContext = trace.getActiveSpan()?.spanContext();
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level,
        service: 'gateway',
        msg,
        ...(spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {}),
        ...fields,
      }),
    );
  };
  const text = (args: unknown[]): string =>
    args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');

  return {
    log,
    debug: (...args: unknown[]) => log('debug', text(args)),
    info: (...args: unknown[]) => log('info', text(args)),
    warn: (...args: unknown[]) => log('warn', text(args)),
    error: (...args: unknown[]) => log('error', text(args)),
  };
}
