/**
 * The slice of a pino logger the bus uses; a `@kurz/logger` logger fits. Events are named by the
 * `event` field of the first argument.
 */
export interface EventLogger {
  debug(fields: Record<string, unknown>, message?: string): void;
  info(fields: Record<string, unknown>, message?: string): void;
  warn(fields: Record<string, unknown>, message?: string): void;
  error(fields: Record<string, unknown>, message?: string): void;
}

const ignore = () => {};

export const silentLogger: EventLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
