import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * What `db.execute(sql`...`)` resolves to: only `rows`, the part node-postgres' QueryResult and
 * PGlite's Results share, so no service comes to depend on one driver's extras.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this["row"]>;
}

export interface RowsResult<TRow> {
  rows: (TRow extends Record<string, unknown> ? TRow : Record<string, unknown>)[];
}

/** The drizzle database both adapters hand out, typed at the PgDatabase level. */
export type Database<TSchema extends Record<string, unknown> = Record<string, never>> = PgDatabase<
  RowsQueryResultHKT,
  TSchema
>;

export type DatabaseKind = "postgres" | "pglite";

export interface MigrationResult {
  /** Tags (file names without .sql) applied by this run, in order; empty when up to date. */
  applied: string[];
}

export interface DatabaseConnection<TSchema extends Record<string, unknown> = Record<string, never>> {
  kind: DatabaseKind;
  db: Database<TSchema>;
  /** Applies the drizzle-kit migrations in folder that are not applied yet. See applyMigrations. */
  migrate(migrationsFolder: string): Promise<MigrationResult>;
  /** Rejects with DEPENDENCY_UNAVAILABLE when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
