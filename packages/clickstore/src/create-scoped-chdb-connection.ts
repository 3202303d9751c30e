import type { ClickHouseSettings } from "@clickhouse/client";
import { inlineQueryParams } from "./inline-query-params";
import type { ChdbLane, ChdbSession, ClientConnection } from "./open-chdb-session";

/**
 * Settings chdb/connection drops instead of SETting (HTTP-layer only, or mapped to a chDB
 * option); they were never applied, so resetting them would fail with UNKNOWN_SETTING.
 * Mirrors chdb 3.4.0 dist/connection/chdb-connection.js.
 */
const NOT_APPLIED_BY_CHDB = new Set([
  "wait_end_of_query",
  "send_progress_in_http_headers",
  "http_response_buffer_size",
  "http_headers_progress_interval_ms",
  "http_send_progress_interval_ms",
  "enable_http_compression",
  "http_zlib_compression_level",
  "http_response_compression_method",
  "http_native_compression_disable_checksumming_on_decompress",
  "default_format",
]);

const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A `Connection` for `@clickhouse/client` over a shared chDB session that behaves like one HTTP
 * request per operation, as a server connection does:
 *
 * - `clickhouse_settings` apply to that operation only. chdb/connection turns them into
 *   session-wide `SET`s that stick: an insert with `insert_deduplication_token` would make every
 *   later insert on the session reuse the token and be silently dropped as a duplicate. Each
 *   operation resets the settings it set, inside the session's queue.
 * - String setting values have backslashes escaped: chdb quotes them by doubling `'` only, so a
 *   value ending in `\` would escape the closing quote and splice SQL into the `SET`.
 * - Unqualified names resolve in `database` (chdb/connection ignores the client's `database`).
 * - Queries run on the least busy of the session's lanes, writes on its writer lane. With more
 *   than one lane, a query's parameters are written into its SQL (inline-query-params.ts): chdb
 *   queues every bound query of the process behind one another, which would undo the lanes.
 */
export function createScopedChdbConnection(session: ChdbSession, database: string): ClientConnection {
  let closed = false;
  const inlines = session.lanes.length > 1;

  const inScope = <P extends { clickhouse_settings?: ClickHouseSettings }, R>(
    lane: ChdbLane,
    params: P,
    operation: (inner: ClientConnection, params: P) => Promise<R>,
  ) =>
    lane.run(async () => {
      if (closed) throw new Error("The click store is closed");
      const inner = lane.connection;
      if (lane.currentDatabase !== database) {
        await inner.command({ query: "USE {database:Identifier}", query_params: { database } });
        lane.currentDatabase = database;
      }
      const settings = params.clickhouse_settings;
      let result: R;
      try {
        result = await operation(inner, { ...params, clickhouse_settings: escapeSettingValues(settings) });
      } catch (error) {
        await resetSettings(inner, settings).catch(() => undefined);
        throw error;
      }
      await resetSettings(inner, settings);
      return result;
    });

  return {
    query: async (params) => {
      const lane = leastBusy(session.lanes);
      if (!inlines || !params.query_params || Object.keys(params.query_params).length === 0) {
        return inScope(lane, params, (inner, p) => inner.query(p));
      }
      const inlined = {
        ...params,
        query: inlineQueryParams(params.query, params.query_params),
        query_params: undefined,
      };
      try {
        return await inScope(lane, inlined, (inner, p) => inner.query(p));
      } catch (error) {
        // The bound form is the reference: a query the engine refused (a value that does not
        // parse as its type, say) runs again bound, so callers see the engine's own error for
        // it (BAD_QUERY_PARAMETER, as from a server) — or its answer, should inlining be at fault.
        if (!isEngineError(error)) throw error;
        return inScope(session.writer, params, (inner, p) => inner.query(p));
      }
    },
    exec: (params) => inScope(session.writer, params, (inner, p) => inner.exec(p)),
    command: (params) => inScope(session.writer, params, (inner, p) => inner.command(p)),
    insert: (params) => inScope(session.writer, params, (inner, p) => inner.insert(p)),
    ping: (params) => {
      if (closed) return Promise.resolve({ success: false, error: new Error("The click store is closed") });
      return session.writer.run(() => session.writer.connection.ping(params));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await session.release();
    },
  };
}

/** An error the engine answered with (it has a ClickHouse error type), not a transport failure. */
function isEngineError(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && typeof (error as { type?: unknown }).type === "string"
  );
}

/** The lane with the fewest operations queued; the later one on a tie, keeping the writer free. */
function leastBusy(lanes: readonly ChdbLane[]): ChdbLane {
  let best = lanes[0] as ChdbLane;
  for (const lane of lanes) if (lane.pending <= best.pending) best = lane;
  return best;
}

function escapeSettingValues(settings: ClickHouseSettings | undefined): ClickHouseSettings | undefined {
  if (!settings) return settings;
  const escaped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    escaped[name] = typeof value === "string" ? value.replaceAll("\\", "\\\\") : value;
  }
  return escaped as ClickHouseSettings;
}

async function resetSettings(
  inner: ClientConnection,
  settings: ClickHouseSettings | undefined,
): Promise<void> {
  if (!settings) return;
  const names = Object.entries(settings)
    .filter(([name, value]) => value !== undefined && !NOT_APPLIED_BY_CHDB.has(name))
    .filter(([name]) => SETTING_NAME.test(name))
    .map(([name]) => name);
  if (names.length === 0) return;
  // Setting names are not bindable; chdb refuses any that is not a plain identifier before it
  // runs the operation, so the filter above drops nothing that was applied.
  await inner.command({ query: `SET ${names.map((name) => `${name} = DEFAULT`).join(", ")}` });
}
