import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database, DatabaseConnection } from "./database-connection";
import { createRootHandleGuard } from "./guard-root-handle";
import { mapDatabaseError } from "./map-database-error";
import { applyMigrations } from "./migrations/apply-migrations";

const DEFAULT_POOL_MAX = 10;
/** A pool waiting forever for a connection turns an outage into hung requests. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenPostgresOptions<TSchema extends Record<string, unknown>> {
  url: string;
  schema: TSchema | undefined;
  logger: Logger | undefined;
  poolMax: number | undefined;
}

export async function openPostgres<TSchema extends Record<string, unknown>>(
  options: OpenPostgresOptions<TSchema>,
): Promise<DatabaseConnection<TSchema>> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its connection (server restart, failover) emits on the pool; without a
  // listener that event would crash the process.
  pool.on("error", (error) => {
    options.logger?.warn({ event: "db.idle_client_error", err: error }, "idle database connection failed");
  });
  // A client the pool has handed out has no pool listener: losing its connection while no query
  // is running on it (inside a transaction, between two statements) emitted an unhandled 'error'
  // and ended the process (webhook-dispatcher, the fault suite's postgres-down-20s). Its next
  // statement fails instead, and the pool drops the client when it is released with that error.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      options.logger?.warn({ event: "db.client_error", err: error }, "database connection in use failed");
    });
  });
  // The same rule as PGlite's single connection: no root-handle query inside a transaction.
  const guard = createRootHandleGuard();
  const db: Database<TSchema> = drizzle({
    client: guard.wrapClient(pool, ["query", "connect"]),
    schema: options.schema,
  });
  guard.wrapTransactions(db);
  let closed = false;

  return {
    kind: "postgres",
    db,
    migrate: (folder) => applyMigrations(db, folder, { logger: options.logger }),
    async ping() {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        const mapped = mapDatabaseError(error);
        throw mapped instanceof AppError
          ? mapped
          : new AppError("DEPENDENCY_UNAVAILABLE", { message: "The database is unavailable", cause: error });
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
