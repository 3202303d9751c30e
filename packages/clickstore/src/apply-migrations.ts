import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import type { ClickStoreClient, MigrationResult } from "./click-store";
import { readMigrationFiles } from "./read-migration-files";

interface AppliedMigration {
  version: number;
  name: string;
  checksum: string;
}

/**
 * Applies pending migration files in version order, one `schema_migrations` row per file.
 *
 * ClickHouse has no transactional DDL: a file that fails half-way leaves its earlier statements
 * applied and is not recorded, so the next run executes it again from the top. Write statements
 * that can run twice (`CREATE TABLE IF NOT EXISTS`, `ADD COLUMN IF NOT EXISTS`, ...).
 * There is no lock either: run one migrator at a time (the embedded start, or the Helm hook Job).
 */
export async function applyMigrations(
  client: ClickStoreClient,
  migrationsDir: string,
  logger?: Logger,
): Promise<MigrationResult> {
  const files = await readMigrationFiles(migrationsDir);
  await client.command({
    query: `CREATE TABLE IF NOT EXISTS schema_migrations (
      version UInt32,
      name String,
      checksum String,
      applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
    ) ENGINE = MergeTree ORDER BY version`,
  });
  const rows = await client.query({
    query: "SELECT version, name, checksum FROM schema_migrations ORDER BY version",
    format: "JSONEachRow",
  });
  const applied = new Map(
    (await rows.json<AppliedMigration>()).map((row) => [Number(row.version), row] as const),
  );

  const result: MigrationResult = { applied: [] };
  for (const file of files) {
    const done = applied.get(file.version);
    if (done) {
      if (done.checksum !== file.checksum) {
        throw new AppError("INVALID_STATE", {
          message: "An applied migration file was changed; add a new migration instead",
          details: { file: file.name, appliedAs: done.name },
        });
      }
      continue;
    }
    for (const statement of file.statements) {
      await client.command({ query: statement });
    }
    await client.insert({
      table: "schema_migrations",
      values: [{ version: file.version, name: file.name, checksum: file.checksum }],
      format: "JSONEachRow",
    });
    logger?.info({ event: "clickstore.migration_applied", migration: file.name }, "migration applied");
    result.applied.push(file.name);
  }
  return result;
}
