import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseConnection } from "../src/index";
import { describeDatabaseContract, migrationsFolder } from "./describe-database-contract";
import * as schema from "./fixtures/schema";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "kurz-pglite-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeDatabaseContract("pglite", () => createDatabase({ dataDir: join(root, "contract"), schema }));

describe("pglite database", () => {
  it("keeps data and applied migrations across close and reopen of its data directory", async () => {
    const dataDir = join(root, "persist");
    const first = await createDatabase({ dataDir, schema });
    await first.migrate(migrationsFolder);
    await first.db.insert(schema.widgets).values({ name: "survivor" });
    await first.close();

    const second = await createDatabase({ dataDir, schema });
    try {
      expect(await second.migrate(migrationsFolder)).toEqual({ applied: [] });
      const rows = await second.db.select().from(schema.widgets).where(eq(schema.widgets.name, "survivor"));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe("in-memory pglite", () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await createDatabase({});
  });
  afterAll(async () => {
    await connection.close();
  });

  it("is chosen when neither a URL nor a data directory is configured", async () => {
    expect(connection.kind).toBe("pglite");
    await expect(connection.ping()).resolves.toBeUndefined();
  });

  it("keeps 16 MB of shared buffers, not PostgreSQL's 128 MB: each service's PGlite stays within its initial WASM memory", async () => {
    const result = await connection.db.execute(sql`show shared_buffers`);
    expect(result.rows).toEqual([{ shared_buffers: "16MB" }]);
  });

  it("rejects ping with DEPENDENCY_UNAVAILABLE once closed", async () => {
    await connection.close();
    await expect(connection.ping()).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE" });
  });
});
