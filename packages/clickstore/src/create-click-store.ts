import { Readable } from "node:stream";
import { type ClickHouseClient, createClient } from "@clickhouse/client";
import { AppError } from "@kurz/errors";
import { applyMigrations } from "./apply-migrations";
import { assertIdentifier } from "./assert-identifier";
import type { ClickStore, ClickStoreOptions, InsertBatch } from "./click-store";
import { clientLogOptions } from "./client-log-options";
import { createClickStoreClient } from "./create-click-store-client";
import { createScopedChdbConnection } from "./create-scoped-chdb-connection";
import { encodeTabSeparated } from "./encode-tab-separated";
import { openChdbSession } from "./open-chdb-session";
import { withClickStoreErrors } from "./to-click-store-error";

const DEDUP_TOKEN = /^[A-Za-z0-9._:=+/@-]{1,256}$/;

/**
 * Opens the click store: a ClickHouse server when `url` is given, otherwise chDB in this process
 * (persisted in `dataDir`, or a temp dir). Both are driven through `@clickhouse/client`, so the
 * SQL and the client API are the same. Server mode does not contact the server here: a service
 * starts during an outage and reports it through ping() and DEPENDENCY_UNAVAILABLE errors.
 */
export async function createClickStore(options: ClickStoreOptions = {}): Promise<ClickStore> {
  const database = options.database ?? "kurz";
  assertIdentifier("database", database);
  const backend = options.url ? openServer(options, database) : await openChdb(options, database);
  const client = createClickStoreClient(backend.client);
  const logger = options.logger;
  logger?.info(
    { event: "clickstore.opened", kind: backend.kind, database, dataDir: backend.dataDir },
    "click store opened",
  );
  let closed = false;

  return {
    kind: backend.kind,
    database,
    dataDir: backend.dataDir,
    client,

    async insert<T>({ table, rows, columns, dedupToken }: InsertBatch<T>): Promise<void> {
      assertIdentifier("table", table, { qualified: true });
      if (dedupToken !== undefined && !DEDUP_TOKEN.test(dedupToken)) {
        throw new AppError("VALIDATION_ERROR", {
          message: "Invalid dedup token",
          details: { dedupToken: dedupToken.slice(0, 300) },
        });
      }
      if (rows.length === 0) return;
      const names = columns ?? Object.keys(rows[0] as object);
      if (names.length === 0) throw new AppError("VALIDATION_ERROR", { message: "Insert without columns" });
      for (const name of names) assertIdentifier("column", name);
      await client.insert({
        table,
        columns: names as [string, ...string[]],
        values: Readable.from([encodeTabSeparated(rows as readonly object[], names)], { objectMode: false }),
        format: "TabSeparated",
        clickhouse_settings:
          dedupToken === undefined
            ? {}
            : {
                insert_deduplicate: 1,
                insert_deduplication_token: dedupToken,
                // A retried block the table already holds still reaches a materialized view that
                // missed it (the process died between the table's insert and the view's): each
                // view's target deduplicates by the same token, so nothing is counted twice.
                deduplicate_blocks_in_dependent_materialized_views: 1,
              },
      });
    },

    async migrate(migrationsDir: string) {
      await backend.createDatabase();
      return applyMigrations(client, migrationsDir, logger);
    },

    async ping() {
      const result = await backend.client.ping({ select: true });
      if (!result.success) {
        logger?.warn(
          { event: "clickstore.ping_failed", kind: backend.kind, err: result.error },
          "ping failed",
        );
      }
      return result.success;
    },

    async close() {
      if (closed) return;
      closed = true;
      await backend.client.close();
    },
  };
}

interface Backend {
  kind: "clickhouse" | "chdb";
  dataDir: string | undefined;
  client: ClickHouseClient;
  createDatabase(): Promise<void>;
}

const CREATE_DATABASE = "CREATE DATABASE IF NOT EXISTS {database:Identifier}";

function openServer(options: ClickStoreOptions, database: string): Backend {
  const connection = {
    url: options.url,
    username: options.username,
    password: options.password,
    request_timeout: options.requestTimeoutMs,
    application: "kurz",
    log: clientLogOptions(options.logger),
  };
  return {
    kind: "clickhouse",
    dataDir: undefined,
    client: createClient({ ...connection, database }),
    async createDatabase() {
      // A request naming a missing database fails, so this one goes without.
      const bootstrap = createClient(connection);
      try {
        await withClickStoreErrors(() =>
          bootstrap.command({ query: CREATE_DATABASE, query_params: { database } }),
        );
      } finally {
        await bootstrap.close();
      }
    },
  };
}

/**
 * chDB connections per session when the caller names none. Not one per core: most of a small
 * statement's time is the engine's part and index analysis, which overlaps across connections
 * even on two cores (the 10 M analytics bench on a 2-core VM: an account overview's four
 * statements 43 → 36 ms at p50 with 2 → 4 lanes), and a lane costs next to no memory.
 */
export const DEFAULT_CHDB_LANES = 4;

async function openChdb(options: ClickStoreOptions, database: string): Promise<Backend> {
  const session = await openChdbSession(options.dataDir, options.chdbLanes ?? DEFAULT_CHDB_LANES);
  return {
    kind: "chdb",
    dataDir: session.dataDir,
    client: createClient({
      connection: createScopedChdbConnection(session, database),
      log: clientLogOptions(options.logger),
    }),
    async createDatabase() {
      // Scoped to `default`, which always exists, like the server's bootstrap request; it holds
      // its own reference so closing it leaves the store's session open.
      session.retain();
      const bootstrap = createClient({
        connection: createScopedChdbConnection(session, "default"),
        log: clientLogOptions(options.logger),
      });
      try {
        await withClickStoreErrors(() =>
          bootstrap.command({ query: CREATE_DATABASE, query_params: { database } }),
        );
      } finally {
        await bootstrap.close();
      }
    },
  };
}
