import { randomBytes } from "node:crypto";
import pg from "pg";
import { type BackendLookup, canConnect, unavailable } from "./backend-availability";
import { containerRuntimeAvailable, postgresContainer } from "./containers";

const LOCAL_HOST = "127.0.0.1";
const LOCAL_PORT = 5432;

/**
 * Finds a PostgreSQL server for contract tests: KURZ_TEST_POSTGRES_URL when set (trusted as
 * given), else the server on 127.0.0.1:5432 as user postgres (CI installs it from Debian
 * packages, trust auth), else a testcontainers PostgreSQL when a Docker engine answers. adminUrl must be allowed to create and drop databases: every test
 * file works in its own database from createTestDatabase.
 */
export async function postgresBackend(): Promise<BackendLookup<{ adminUrl: string }>> {
  const fromEnv = process.env.KURZ_TEST_POSTGRES_URL;
  if (fromEnv) return { available: true, value: { adminUrl: fromEnv } };
  if (await canConnect(LOCAL_HOST, LOCAL_PORT)) {
    return {
      available: true,
      value: { adminUrl: `postgres://postgres@${LOCAL_HOST}:${LOCAL_PORT}/postgres` },
    };
  }
  if (await containerRuntimeAvailable()) return { available: true, value: await postgresContainer() };
  return unavailable(
    "PostgreSQL",
    `nothing listens on ${LOCAL_HOST}:${LOCAL_PORT}, KURZ_TEST_POSTGRES_URL is unset and no Docker engine answers`,
  );
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database, disconnecting whoever is still connected. */
  drop(): Promise<void>;
}

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database named `<prefix>_<random>` (prefix: lower-case letters, digits and
 * underscores) so test files never see each other's tables, and parallel runs never collide.
 */
export async function createTestDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new RangeError(`invalid database prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runAsAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // WITH (FORCE) (PostgreSQL 13+): a pool a test forgot to close must not leave the database behind.
    drop: () => runAsAdmin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
