import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** One drizzle-kit migration, ready to apply. */
export interface Migration {
  tag: string;
  /** The journal's `when` (ms): drizzle's identity for a migration, stored as created_at. */
  createdAt: number;
  /** sha256 of the file, as drizzle computes it: lets us notice a file edited after it ran. */
  hash: string;
  statements: string[];
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
}

const BREAKPOINT = "--> statement-breakpoint";

/**
 * Reads a drizzle-kit migrations folder (meta/_journal.json + <tag>.sql) in journal order.
 * Files must be generated with breakpoints (drizzle-kit's default): PGlite runs statements
 * through the extended protocol, one statement per call, so a file of several statements
 * without breakpoints would work on Postgres and fail embedded. It is refused on both instead.
 */
export async function readMigrations(folder: string): Promise<Migration[]> {
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries?: JournalEntry[] };
  if (!Array.isArray(journal.entries)) throw new Error(`${journalPath} has no entries array`);
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  const seen = new Set<number>();
  const migrations: Migration[] = [];
  for (const entry of entries) {
    if (typeof entry.tag !== "string" || !Number.isSafeInteger(entry.when)) {
      throw new Error(`${journalPath}: malformed entry ${JSON.stringify(entry)}`);
    }
    if (seen.has(entry.when)) throw new Error(`${journalPath}: two entries share when=${entry.when}`);
    seen.add(entry.when);
    const text = await readFile(join(folder, `${entry.tag}.sql`), "utf8");
    const statements = text
      .split(BREAKPOINT)
      .map((statement) => statement.trim())
      .filter((statement) => statement.length > 0);
    if (!entry.breakpoints && statements.length > 1) {
      throw new Error(`${entry.tag}: generated without breakpoints; regenerate with breakpoints: true`);
    }
    migrations.push({
      tag: entry.tag,
      createdAt: entry.when,
      hash: createHash("sha256").update(text).digest("hex"),
      statements,
    });
  }
  return migrations;
}
