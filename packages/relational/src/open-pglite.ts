import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, DatabaseConnection } from "./database-connection";
import { createRootHandleGuard } from "./guard-root-handle";
import { applyMigrations } from "./migrations/apply-migrations";

export interface OpenPgliteOptions<TSchema extends Record<string, unknown>> {
  dataDir: string | undefined;
  schema: TSchema | undefined;
  logger: Logger | undefined;
}

/**
 * Embedded Postgres (PGlite, Postgres compiled to WASM) in this process. One PGlite is one
 * connection: queries and transactions are serialised. A data directory must be opened by one
 * PGlite at a time; Kurz gives each service its own directory.
 */
export async function openPglite<TSchema extends Record<string, unknown>>(
  options: OpenPgliteOptions<TSchema>,
): Promise<DatabaseConnection<TSchema>> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir);
  await client.waitReady;
  options.logger?.debug({ event: "db.pglite_ready", dataDir: dataDir ?? "memory" }, "pglite ready");
  const guard = createRootHandleGuard();
  const db: Database<TSchema> = drizzle({
    client: guard.wrapClient(client, ["query", "exec", "sql", "transaction"]),
    schema: options.schema,
  });
  guard.wrapTransactions(db);

  return {
    kind: "pglite",
    db,
    migrate: (folder) => applyMigrations(db, folder, { logger: options.logger }),
    async ping() {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        throw new AppError("DEPENDENCY_UNAVAILABLE", {
          message: "The database is unavailable",
          cause: error,
        });
      }
    },
    async close() {
      if (client.closed) return;
      await client.close();
    },
  };
}
