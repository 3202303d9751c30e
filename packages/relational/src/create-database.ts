import type { Logger } from "@kurz/logger";
import type { DatabaseConnection } from "./database-connection";
import { openPglite } from "./open-pglite";
import { openPostgres } from "./open-postgres";

export interface CreateDatabaseOptions<TSchema extends Record<string, unknown>> {
  /** PostgreSQL when given (postgres://...); embedded PGlite otherwise. */
  url?: string;
  /** PGlite only: where its files live. In memory (lost on close) when omitted. */
  dataDir?: string;
  /** drizzle schema (tables and relations), enabling `db.query.<table>`. */
  schema?: TSchema;
  logger?: Logger;
  /** Postgres pool size. Default 10. */
  poolMax?: number;
}

/**
 * A drizzle database over PostgreSQL, or over PGlite when no URL is configured. Same schema,
 * same migrations, same `db` type either way. Postgres connects lazily (the first query or
 * ping); PGlite is started before this resolves, so a broken data directory fails here.
 */
export async function createDatabase<TSchema extends Record<string, unknown> = Record<string, never>>(
  options: CreateDatabaseOptions<TSchema> = {},
): Promise<DatabaseConnection<TSchema>> {
  if (options.url) {
    return openPostgres({
      url: options.url,
      schema: options.schema,
      logger: options.logger,
      poolMax: options.poolMax,
    });
  }
  return openPglite({ dataDir: options.dataDir, schema: options.schema, logger: options.logger });
}
