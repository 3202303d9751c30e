import pg from "pg";
import { mapDatabaseError } from "./map-database-error";

/** Lower-case identifiers only: the name is spliced into CREATE DATABASE, which takes no parameters. */
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const DUPLICATE_DATABASE = "42P04";
/** Two concurrent CREATE DATABASE of one name can also collide on pg_database's unique index. */
const UNIQUE_VIOLATION = "23505";

/** The URL of database `name` on the server adminUrl points at (same credentials and options). */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name` (e.g. "kurz_link_api") unless it exists, connecting with adminUrl
 * (a role allowed to CREATE DATABASE, on a database that exists, usually "postgres"). Safe when
 * several replicas run it at once: losing the race counts as "already there".
 */
export async function ensureDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; created: boolean }> {
  if (!DATABASE_NAME.test(name)) throw new RangeError(`invalid database name: ${JSON.stringify(name)}`);
  const url = databaseUrl(adminUrl, name);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  // A connection dropped mid-way emits here; the failing query reports it.
  client.on("error", () => {});
  try {
    await client.connect();
    const existing = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (existing.rowCount) return { url, created: false };
    try {
      await client.query(`create database "${name}"`);
      return { url, created: true };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return { url, created: false };
      throw error;
    }
  } catch (error) {
    throw mapDatabaseError(error);
  } finally {
    await client.end().catch(() => {});
  }
}
