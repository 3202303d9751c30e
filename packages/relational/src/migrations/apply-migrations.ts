import type { Logger } from "@kurz/logger";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database, MigrationResult } from "../database-connection";
import { mapDatabaseError } from "../map-database-error";
import { migrationsTable } from "./migrations-table";
import { readMigrations } from "./read-migrations";

/**
 * Key of the transaction-scoped advisory lock serialising migration runs. Advisory locks are
 * per database and Kurz has one database per service, so one constant is enough.
 */
const MIGRATION_LOCK_KEY = 0x6b75727a; // "kurz"

async function lockMigrations(tx: { execute(query: SQL): PromiseLike<unknown> }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
}

/**
 * Applies the pending migrations of a drizzle-kit folder, in journal order, each in its own
 * transaction, on Postgres and PGlite alike.
 *
 * Why not drizzle's migrate(): it applies everything in one transaction, decides what is
 * pending by comparing with the newest applied timestamp (a migration merged late with an
 * older timestamp is silently skipped), and takes no lock, so two replicas starting together
 * both try to apply. Here each migration transaction first takes pg_advisory_xact_lock and
 * re-checks whether it is applied, so a second replica waits and then skips; a migration is
 * identified by its journal timestamp, as drizzle does, and recorded in drizzle's table.
 */
export async function applyMigrations<TSchema extends Record<string, unknown>>(
  db: Database<TSchema>,
  migrationsFolder: string,
  options: { logger?: Logger } = {},
): Promise<MigrationResult> {
  const migrations = await readMigrations(migrationsFolder);
  const applied: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await lockMigrations(tx);
      await tx.execute(sql`create schema if not exists "drizzle"`);
      await tx.execute(sql`
        create table if not exists "drizzle"."__drizzle_migrations" (
          id serial primary key,
          hash text not null,
          created_at bigint
        )`);
    });
    const done = new Map(
      (await db.select().from(migrationsTable)).map((row) => [Number(row.createdAt), row.hash] as const),
    );
    for (const migration of migrations) {
      const doneHash = done.get(migration.createdAt);
      if (doneHash !== undefined) {
        if (doneHash !== migration.hash) {
          options.logger?.warn(
            { event: "migration.changed_after_apply", tag: migration.tag },
            "migration file changed after it was applied; the change is not applied",
          );
        }
        continue;
      }
      const ran = await db.transaction(async (tx) => {
        await lockMigrations(tx);
        // Another replica may have applied it while we waited for the lock.
        const existing = await tx
          .select({ id: migrationsTable.id })
          .from(migrationsTable)
          .where(eq(migrationsTable.createdAt, migration.createdAt))
          .limit(1);
        if (existing.length > 0) return false;
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.insert(migrationsTable).values({ hash: migration.hash, createdAt: migration.createdAt });
        return true;
      });
      if (ran) {
        applied.push(migration.tag);
        options.logger?.info({ event: "migration.applied", tag: migration.tag }, "migration applied");
      }
    }
  } catch (error) {
    throw mapDatabaseError(error);
  }
  return { applied };
}
