import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ClickHouseClientConfigOptions } from "@clickhouse/client";
import { AppError } from "@kurz/errors";

/**
 * The connection contract `createClient({ connection })` takes. @clickhouse/client does not
 * export it by design (the hook is experimental), so it is read off the config type.
 */
export type ClientConnection = NonNullable<ClickHouseClientConfigOptions["connection"]>;

/**
 * One chDB session shared by every store on the same data directory in this process.
 *
 * Why shared: libchdb binds ONE data directory per process (opening a second path while one is
 * live is refused) and closing a connection while an operation runs on it aborts the engine for
 * the rest of the process. Counting references here and closing only after the last user's
 * queued operations finished keeps both rules in one place.
 *
 * Why serialised: chDB already runs the queries of one connection one at a time, but
 * `clickhouse_settings` are applied as session-wide `SET`s that outlive the query. A store
 * resets them after each operation (create-scoped-chdb-connection.ts); the queue keeps another
 * operation from running between an operation and its reset, and costs no throughput.
 */
export interface ChdbSession {
  readonly dataDir: string;
  readonly connection: ClientConnection;
  /** Database the session's `USE` currently points at; tracked so each op switches only when needed. */
  currentDatabase: string | undefined;
  /** Runs `operation` after every operation queued before it has settled. */
  run<T>(operation: () => Promise<T>): Promise<T>;
  /** Adds a reference: one more release() is needed before the session closes. */
  retain(): void;
  /** Drops one reference; the last one waits for queued operations and closes the engine connection. */
  release(): Promise<void>;
}

interface Entry {
  /** The resolved data directory, or TEMP for the process's shared temp dir. */
  key: string;
  session: ChdbSession;
  refs: number;
}

/** Stores opened without a dataDir share one temp dir, like chDB's own `:memory:` sessions. */
const TEMP = ":temp:";

let live: Entry | undefined;
/** Set while the last session is closing: the next open must wait until libchdb let go. */
let closing: Promise<void> | undefined;

export async function openChdbSession(dataDir: string | undefined): Promise<ChdbSession> {
  // Loaded lazily: server mode never maps the 500 MB libchdb.
  const { createChdbConnection } = await import("chdb/connection");
  // From here to `live = entry` nothing awaits, so concurrent opens cannot both create a session.
  while (closing) await closing.catch(() => undefined);
  const requested = dataDir === undefined ? undefined : path.resolve(dataDir);
  const key = requested ?? TEMP;
  if (live?.key === key) {
    live.refs++;
    return live.session;
  }
  if (live) {
    throw new AppError("INVALID_STATE", {
      message: "chDB binds one data directory per process and another one is open",
      details: { open: live.session.dataDir, requested: requested ?? "a temporary directory" },
    });
  }
  const ownsTempDir = requested === undefined;
  const dir = requested ?? mkdtempSync(path.join(tmpdir(), "kurz-chdb-"));
  mkdirSync(dir, { recursive: true });
  let connection: ClientConnection;
  try {
    // chdb types it against its own @clickhouse/client-common copy, whose ClickHouseSettings
    // lags the client's by a patch release; the runtime contract is the same.
    connection = createChdbConnection({ path: dir }) as unknown as ClientConnection;
  } catch (error) {
    if (ownsTempDir) rmSync(dir, { recursive: true, force: true });
    // Typically another process holds the directory's lock file (`<dir>/status`).
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "Could not open the chDB data directory (is another process using it?)",
      details: { dataDir: dir },
      cause: error,
    });
  }
  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(operation);
    tail = result.catch(() => undefined);
    return result;
  };
  const entry: Entry = {
    key,
    refs: 1,
    session: {
      dataDir: dir,
      connection,
      currentDatabase: undefined,
      run,
      retain: () => {
        entry.refs++;
      },
      release: async () => {
        entry.refs--;
        if (entry.refs > 0) return;
        live = undefined;
        closing = (async () => {
          await tail;
          await connection.close();
          // close() returns before libchdb released the directory when work is in flight; opening
          // another directory before drainPending() resolves would be refused.
          const { drainPending } = await import("chdb");
          await drainPending();
          if (ownsTempDir) rmSync(dir, { recursive: true, force: true });
        })().finally(() => {
          closing = undefined;
        });
        await closing;
      },
    },
  };
  live = entry;
  return entry.session;
}
