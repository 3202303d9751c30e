import { type ClickHouseClientConfigOptions, ClickHouseLogLevel } from "@clickhouse/client";
import type { Logger } from "@kurz/logger";

/**
 * Routes @clickhouse/client's own log lines into the store's pino logger instead of its default
 * console logger. Its errors are the failures the store also throws to the caller, who decides
 * how loud they are, so they land at debug; its warnings (configuration advice) stay warnings.
 * Without a logger the client stays silent.
 */
export function clientLogOptions(logger: Logger | undefined): ClickHouseClientConfigOptions["log"] {
  if (!logger) return { level: ClickHouseLogLevel.OFF };
  const log = logger.child({ module: "@clickhouse/client" });
  return {
    level: ClickHouseLogLevel.WARN,
    LoggerClass: class {
      trace() {}
      debug() {}
      info() {}
      warn({ message, args, err }: { message: string; args?: Record<string, unknown>; err?: Error }) {
        log.warn({ event: "clickstore.client_warning", args, err }, message);
      }
      error({ message, args, err }: { message: string; args?: Record<string, unknown>; err: Error }) {
        log.debug({ event: "clickstore.client_error", args, err }, message);
      }
    },
  };
}
