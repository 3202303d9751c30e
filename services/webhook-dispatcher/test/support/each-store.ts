import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { afterAll, beforeAll } from "vitest";

export interface Store {
  name: "PGlite" | "PostgreSQL";
  adminUrl: string | undefined;
}

/** The embedded store, and PostgreSQL when a server answers: each test runs on every one. */
export async function storesToTest(): Promise<Store[]> {
  const postgres = await postgresBackend();
  return [
    { name: "PGlite", adminUrl: undefined },
    ...(postgres.available ? [{ name: "PostgreSQL" as const, adminUrl: postgres.value.adminUrl }] : []),
  ];
}

/**
 * Inside a store's describe: on PostgreSQL, a database of the suite's own (`name`), created before
 * its tests and dropped after them. Answers startDispatcherContext's options for the store.
 */
export function storeDatabase(store: Store, name: string): () => { databaseUrl?: string } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (store.adminUrl) database = await createTestDatabase(store.adminUrl, name);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => (database ? { databaseUrl: database.url } : {});
}
