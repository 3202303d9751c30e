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
 * Lanes: a session is one or more chDB connections on that directory, each with its own queue
 * (a `ChdbLane`). The first (`writer`) takes inserts, commands and the schema; queries go to the
 * least busy lane (create-scoped-chdb-connection.ts), so the independent statements of a report
 * run in parallel instead of one after another.
 *
 * Why each lane is serialised: chDB already runs the queries of one connection one at a time, but
 * `clickhouse_settings` are applied as connection-wide `SET`s that outlive the query. A store
 * resets them after each operation; the queue keeps another operation from running on that
 * connection between an operation and its reset, and costs no throughput.
 */
export interface ChdbLane {
  readonly connection: ClientConnection;
  /** Database the connection's `USE` currently points at; tracked so each op switches only when needed. */
  currentDatabase: string | undefined;
  /** Operations queued or running on this lane. */
  readonly pending: number;
  /** Runs `operation` after every operation queued on this lane before it has settled. */
  run<T>(operation: () => Promise<T>): Promise<T>;
}

export interface ChdbSession {
  readonly dataDir: string;
  /** The lane of writes and commands. */
  readonly writer: ChdbLane;
  /** Every lane, the writer first: where queries may run. */
  readonly lanes: readonly ChdbLane[];
  /** Adds a reference: one more release() is needed before the session closes. */
  retain(): void;
  /** Drops one reference; the last one waits for queued operations and closes the engine connections. */
  release(): Promise<void>;
}

interface Entry {
  /** The resolved data directory, or TEMP for the process's shared temp dir. */
  key: string;
  session: ChdbSession;
  refs: number;
}

/**
 * Server settings for the engine, given when it starts (they are not SET-able). ClickHouse sizes
 * its caches for a server that owns the machine: 5 GiB each for marks, index marks and the
 * primary index, 128 MiB of compiled expressions. Embedded, chDB shares one process with every
 * service of `make start`, so each is bounded to what a laptop's click store can use (a mark is
 * ~24 bytes per column per 8,192 rows: 10 M clicks' marks are a few MB). Nothing else changes:
 * writes, merges and durability are the engine's.
 */
const ENGINE_ARGS = [
  "--mark_cache_size=67108864",
  "--index_mark_cache_size=33554432",
  "--primary_index_cache_size=33554432",
  "--compiled_expression_cache_size=16777216",
];

/** Stores opened without a dataDir share one temp dir, like chDB's own `:memory:` sessions. */
const TEMP = ":temp:";

let live: Entry | undefined;
/** Set while the last session is closing: the next open must wait until libchdb let go. */
let closing: Promise<void> | undefined;

/**
 * Opens (or joins) the session of `dataDir`. `lanes` (at least 1) is how many connections the
 * session gets when this call creates it; a joining store shares the existing ones.
 */
export async function openChdbSession(dataDir: string | undefined, lanes = 1): Promise<ChdbSession> {
  // Loaded lazily: server mode never maps the 500 MB libchdb.
  const { createChdbConnection } = await import("chdb/connection");
  const { Session } = await import("chdb");
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
  const connections: ClientConnection[] = [];
  // The first connection to a directory starts its engine, with these arguments; the lanes join
  // it. chdb/connection takes no engine arguments, so a bare session of its own opens first and
  // stays open, idle, until the lanes closed.
  let engine: InstanceType<typeof Session> | undefined;
  try {
    engine = new Session(dir, { connectionArgs: ENGINE_ARGS });
    for (let i = 0; i < Math.max(1, lanes); i++) {
      // chdb types it against its own @clickhouse/client-common copy, whose ClickHouseSettings
      // lags the client's by a patch release; the runtime contract is the same.
      connections.push(createChdbConnection({ path: dir }) as unknown as ClientConnection);
    }
  } catch (error) {
    for (const connection of connections) await connection.close().catch(() => undefined);
    engine?.close();
    if (ownsTempDir) rmSync(dir, { recursive: true, force: true });
    // Typically another process holds the directory's lock file (`<dir>/status`).
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "Could not open the chDB data directory (is another process using it?)",
      details: { dataDir: dir },
      cause: error,
    });
  }
  const all = connections.map(lane);
  const writer = all[0] as ChdbLane & { drained(): Promise<unknown> };
  const entry: Entry = {
    key,
    refs: 1,
    session: {
      dataDir: dir,
      writer,
      lanes: all,
      retain: () => {
        entry.refs++;
      },
      release: async () => {
        entry.refs--;
        if (entry.refs > 0) return;
        live = undefined;
        closing = (async () => {
          await Promise.all(all.map((l) => l.drained()));
          for (const l of all) await l.connection.close();
          engine?.close();
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

function lane(connection: ClientConnection): ChdbLane & { drained(): Promise<unknown> } {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    connection,
    currentDatabase: undefined,
    get pending() {
      return pending;
    },
    run<T>(operation: () => Promise<T>): Promise<T> {
      pending++;
      const result = tail.then(operation).finally(() => {
        pending--;
      });
      tail = result.catch(() => undefined);
      return result;
    },
    drained: () => tail,
  };
}
