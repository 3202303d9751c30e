import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@kurz/errors";
import { splitSqlStatements } from "./split-sql-statements";

export interface MigrationFile {
  version: number;
  /** The file name, e.g. `001_create_clicks.sql`. */
  name: string;
  /** SHA-256 (hex) of the file's bytes. */
  checksum: string;
  statements: string[];
}

const MIGRATION_FILE = /^(\d+)_[A-Za-z0-9_-]+\.sql$/;

/** Reads `<number>_<words>.sql` files in version order; any other `.sql` name is an error. */
export async function readMigrationFiles(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir);
  const files: MigrationFile[] = [];
  for (const name of entries.filter((entry) => entry.endsWith(".sql"))) {
    const match = MIGRATION_FILE.exec(name);
    if (!match?.[1]) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Migration file names must look like 001_create_clicks.sql",
        details: { file: name },
      });
    }
    const content = await readFile(path.join(migrationsDir, name));
    files.push({
      version: Number(match[1]),
      name,
      checksum: createHash("sha256").update(content).digest("hex"),
      statements: splitSqlStatements(content.toString("utf8")),
    });
  }
  files.sort((a, b) => a.version - b.version);
  for (let i = 1; i < files.length; i++) {
    if (files[i]?.version === files[i - 1]?.version) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Two migration files share a version number",
        details: { files: [files[i - 1]?.name, files[i]?.name] },
      });
    }
  }
  return files;
}
