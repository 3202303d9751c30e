import { AppError, isAppError } from "@kurz/errors";

/** Socket-level failures: the server is down, unreachable or dropped the connection. */
const TRANSPORT_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
]);

/**
 * ClickHouse error codes that say the engine cannot serve right now, not that the query is wrong:
 * TOO_MANY_SIMULTANEOUS_QUERIES, SOCKET_TIMEOUT, NETWORK_ERROR, ABORTED, MEMORY_LIMIT_EXCEEDED,
 * TABLE_IS_READ_ONLY, ALL_CONNECTION_TRIES_FAILED, KEEPER_EXCEPTION.
 */
const UNAVAILABLE_CLICKHOUSE_CODES = new Set(["202", "209", "210", "236", "241", "242", "279", "999"]);
const TIMEOUT_EXCEEDED = "159";

/** The client's own request timeout and a peer closing mid-response carry no errno code. */
const TRANSPORT_MESSAGE = /socket hang up|^Timeout error|The click store is closed|ChdbConnection is closed/i;

/**
 * Maps what `@clickhouse/client` (HTTP or chDB) throws: an outage becomes
 * AppError("DEPENDENCY_UNAVAILABLE"), a query over its time limit AppError("TIMEOUT"); SQL errors
 * stay the ClickHouseError they are (code + type + message), which callers turn into INTERNAL.
 * Duck-typed on purpose: chDB builds its ClickHouseError from its own copy of
 * @clickhouse/client-common, so `instanceof ClickHouseError` is false for it.
 */
export function toClickStoreError(error: unknown): unknown {
  if (isAppError(error)) return error;
  const clickhouseCode = clickHouseCodeOf(error);
  if (clickhouseCode === TIMEOUT_EXCEEDED) return new AppError("TIMEOUT", { cause: error });
  if (clickhouseCode !== undefined && UNAVAILABLE_CLICKHOUSE_CODES.has(clickhouseCode)) {
    return new AppError("DEPENDENCY_UNAVAILABLE", { cause: error });
  }
  if (clickhouseCode === undefined && isTransportError(error)) {
    return new AppError("DEPENDENCY_UNAVAILABLE", { cause: error });
  }
  return error;
}

export async function withClickStoreErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toClickStoreError(error);
  }
}

function clickHouseCodeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^\d+$/.test(code) ? code : undefined;
}

function isTransportError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && TRANSPORT_ERROR_CODES.has(code)) return true;
  if (error.name === "ChdbConnectionError") return true;
  if (TRANSPORT_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isTransportError(inner, depth + 1))) {
    return true;
  }
  return isTransportError(error.cause, depth + 1);
}
