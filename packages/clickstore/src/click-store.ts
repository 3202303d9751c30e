import type { ClickHouseClient } from "@clickhouse/client";
import type { Logger } from "@kurz/logger";

export interface ClickStoreOptions {
  /** ClickHouse server HTTP(S) URL. Present: server mode. Absent: chDB in-process. */
  url?: string;
  username?: string;
  password?: string;
  /** Database every query runs in; created by migrate() when missing. Default "kurz". */
  database?: string;
  /**
   * chDB only: directory the data persists in. Absent: a fresh temp dir, removed on close.
   * chDB binds one data directory per process (see open-chdb-session.ts).
   */
  dataDir?: string;
  /**
   * chDB only: connections opened on the data directory, so that independent queries run in
   * parallel (open-chdb-session.ts). Default: 4 (DEFAULT_CHDB_LANES), whatever the cores.
   */
  chdbLanes?: number;
  /** Server only: per-request timeout. Default 30 s (the client's default). */
  requestTimeoutMs?: number;
  logger?: Logger;
}

/**
 * The slice of `ClickHouseClient` the services use, same signatures. Transport failures and an
 * overloaded/unreachable engine reject with AppError("DEPENDENCY_UNAVAILABLE"); SQL errors
 * (syntax, unknown table, bad parameter) reject with the client's ClickHouseError shape
 * (`code` = ClickHouse numeric code as a string, `type` = its name, e.g. "SYNTAX_ERROR").
 */
export interface ClickStoreClient {
  query: ClickHouseClient["query"];
  insert: ClickHouseClient["insert"];
  command: ClickHouseClient["command"];
  exec: ClickHouseClient["exec"];
}

export interface InsertBatch<T> {
  /** Table name, optionally `database.table`; identifiers only. */
  table: string;
  rows: readonly T[];
  /**
   * Columns to fill, in order; each row's properties of these names are written (missing ones as
   * NULL / the column default). Default: the keys of the first row.
   */
  columns?: readonly string[];
  /**
   * Idempotency key of this batch (e.g. `clicks:<partition>:<first offset>-<last offset>`).
   * Re-inserting a batch with the same token is a no-op while the token is inside the table's
   * `non_replicated_deduplication_window`. Letters, digits and `._:=+/@-` only, at most 256.
   * Without a token ClickHouse falls back to a hash of the rows: identical rows inserted twice
   * are stored once as well.
   */
  dedupToken?: string;
}

export interface MigrationResult {
  /** File names applied by this call, in order; empty when everything was already applied. */
  applied: string[];
}

export interface ClickStore {
  readonly kind: "clickhouse" | "chdb";
  readonly database: string;
  /** chDB only: the data directory in use (a temp dir when none was given). */
  readonly dataDir: string | undefined;
  readonly client: ClickStoreClient;
  /**
   * Inserts rows (flat objects of strings, numbers, bigints, booleans, null) as TabSeparated,
   * de-duplicated by `dedupToken`.
   */
  insert<T>(batch: InsertBatch<T>): Promise<void>;
  /** Creates the database when missing, then applies pending numbered SQL files in order. */
  migrate(migrationsDir: string): Promise<MigrationResult>;
  /** True when the engine answers a query; never throws. */
  ping(): Promise<boolean>;
  /** Waits for running operations, then releases the connection. Idempotent. */
  close(): Promise<void>;
}
