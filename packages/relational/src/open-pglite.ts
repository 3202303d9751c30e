import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, DatabaseConnection } from "./database-connection";
import { createRootHandleGuard } from "./guard-root-handle";
import { applyMigrations } from "./migrations/apply-migrations";
import { pgliteMemoryImage } from "./pglite-memory-image";
import { seedPgliteDataDir } from "./seed-pglite-data-dir";

export interface OpenPgliteOptions<TSchema extends Record<string, unknown>> {
  dataDir: string | undefined;
  schema: TSchema | undefined;
  logger: Logger | undefined;
}

/**
 * PostgreSQL's default shared_buffers (128 MB) is sized for a server owning the machine; here
 * each service of `make start` holds its own PGlite. PGlite's WASM memory starts at 128 MB, and
 * with 128 MB of buffers it grows to ~188 MB of which ~155 MB are resident from the start (four
 * instances: ~620 MB of make start's ~1.4 GB). With 16 MB it stays within its initial memory and
 * ~45 MB are resident (measured: four instances in one process 816 → 308 MB RSS; 8 MB saves only
 * 5 MB more, 32 MB already grows the memory). An embedded service's tables are a laptop's few
 * megabytes, and a page not in the buffers is one read from the OS page cache away. Durability
 * is untouched: every commit still reaches the data directory's files before it returns.
 */
const SHARED_BUFFERS = "16MB";
const START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`];

/** An empty cluster in `dir`, written by PGlite's initdb: what a seeded data directory copies. */
async function initialiseCluster(dir: string): Promise<void> {
  const client = new PGlite({ dataDir: dir, startParams: START_PARAMS });
  await client.waitReady;
  await client.close();
}

/** An empty in-memory cluster's tar image in `file`: what an in-memory PGlite loads. */
async function dumpEmptyCluster(file: string): Promise<void> {
  const client = new PGlite({ startParams: START_PARAMS });
  await client.waitReady;
  const image = await client.dumpDataDir("none");
  await client.close();
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
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
    await seedPgliteDataDir(dataDir, initialiseCluster, options.logger);
  }
  const image = dataDir === undefined ? await pgliteMemoryImage(dumpEmptyCluster, options.logger) : undefined;
  const client = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(image === undefined ? {} : { loadDataDir: image }),
    startParams: START_PARAMS,
  });
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
