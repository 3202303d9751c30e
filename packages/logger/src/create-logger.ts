import { trace } from "@opentelemetry/api";
import { type Logger, pino } from "pino";

export type { Logger };

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Where to write; defaults to stdout. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
}

/**
 * Paths whose values never reach a log line. Covers headers, bodies and config objects that
 * carry credentials.
 */
const REDACT_PATHS = [
  "password",
  "*.password",
  "secret",
  "*.secret",
  "client_secret",
  "*.client_secret",
  "token",
  "*.token",
  "access_token",
  "*.access_token",
  "refresh_token",
  "*.refresh_token",
  "apiKey",
  "*.apiKey",
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-mcp-key"]',
  'req.headers["set-cookie"]',
  "headers.authorization",
  'headers["x-mcp-key"]',
  "*.databaseUrl",
  "*.redisUrl",
];

/**
 * pino JSON logger. Each line carries the service name and, inside an active span, the trace
 * and span ids so logs join traces. Events are named by a stable dotted `event` field.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? "info",
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const span = trace.getActiveSpan();
        if (!span) return {};
        const { traceId, spanId } = span.spanContext();
        return { trace_id: traceId, span_id: spanId };
      },
    },
    options.destination,
  );
}
