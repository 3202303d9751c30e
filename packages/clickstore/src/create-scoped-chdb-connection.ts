import type { ClickHouseSettings } from "@clickhouse/client";
import type { ChdbSession, ClientConnection } from "./open-chdb-session";

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
 */
export function createScopedChdbConnection(session: ChdbSession, database: string): ClientConnection {
  const inner = session.connection;
  let closed = false;

  const inScope = <P extends { clickhouse_settings?: ClickHouseSettings }, R>(
    params: P,
    operation: (params: P) => Promise<R>,
  ) =>
    session.run(async () => {
      if (closed) throw new Error("The click store is closed");
      if (session.currentDatabase !== database) {
        await inner.command({ query: "USE {database:Identifier}", query_params: { database } });
        session.currentDatabase = database;
      }
      const settings = params.clickhouse_settings;
      let result: R;
      try {
        result = await operation({ ...params, clickhouse_settings: escapeSettingValues(settings) });
      } catch (error) {
        await resetSettings(inner, settings).catch(() => undefined);
        throw error;
      }
      await resetSettings(inner, settings);
      return result;
    });

  return {
    query: (params) => inScope(params, (p) => inner.query(p)),
    exec: (params) => inScope(params, (p) => inner.exec(p)),
    command: (params) => inScope(params, (p) => inner.command(p)),
    insert: (params) => inScope(params, (p) => inner.insert(p)),
    ping: (params) => {
      if (closed) return Promise.resolve({ success: false, error: new Error("The click store is closed") });
      return session.run(() => inner.ping(params));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await session.release();
    },
  };
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
