import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, ensureDatabase } from "../src/index";
import { describeDatabaseContract, fixtureTags, migrationsFolder } from "./describe-database-contract";
import * as schema from "./fixtures/schema";

const backend = await postgresBackend();
const adminUrl = backend.available ? backend.value.adminUrl : "";

describe.skipIf(!backend.available)("postgres database", () => {
  const databases: TestDatabase[] = [];
  async function freshDatabase(): Promise<TestDatabase> {
    const database = await createTestDatabase(adminUrl, "kurz_test_relational");
    databases.push(database);
    return database;
  }

  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
  });

  describeDatabaseContract("postgres", async () =>
    createDatabase({ url: (await freshDatabase()).url, schema, poolMax: 3 }),
  );

  it("is chosen when a URL is configured", async () => {
    const connection = await createDatabase({ url: (await freshDatabase()).url });
    expect(connection.kind).toBe("postgres");
    await connection.close();
  });

  it("applies each migration once when two replicas migrate at the same time", async () => {
    const { url } = await freshDatabase();
    const replicas = await Promise.all([createDatabase({ url }), createDatabase({ url })]);
    try {
      const results = await Promise.all(replicas.map((replica) => replica.migrate(migrationsFolder)));
      expect(results.flatMap((result) => result.applied).sort()).toEqual(fixtureTags);
      const rows = await replicas[0]!.db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
      expect(rows.rows).toHaveLength(fixtureTags.length);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  describe("ensureDatabase", () => {
    const name = `kurz_test_ensure_${Date.now().toString(36)}`;

    afterAll(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    });

    it("creates a missing database once, even when asked concurrently", async () => {
      const results = await Promise.all([1, 2, 3].map(() => ensureDatabase(adminUrl, name)));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new URL(results[0]!.url).pathname).toBe(`/${name}`);
      const again = await ensureDatabase(adminUrl, name);
      expect(again.created).toBe(false);
      const connection = await createDatabase({ url: again.url });
      await expect(connection.ping()).resolves.toBeUndefined();
      await connection.close();
    });

    it("refuses a name that is not a plain lower-case identifier", async () => {
      await expect(ensureDatabase(adminUrl, 'x"; drop database postgres; --')).rejects.toBeInstanceOf(
        RangeError,
      );
    });
  });
});
