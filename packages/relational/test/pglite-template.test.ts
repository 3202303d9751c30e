import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../src/index";
import { migrationsFolder } from "./describe-database-contract";
import * as schema from "./fixtures/schema";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "kurz-pglite-template-"));
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function withWidget(dataDir: string | undefined, name?: string): Promise<string[]> {
  const connection = await createDatabase({ ...(dataDir ? { dataDir } : {}), schema });
  try {
    await connection.migrate(migrationsFolder);
    if (name) await connection.db.insert(schema.widgets).values({ name });
    return (await connection.db.select().from(schema.widgets)).map((row) => row.name);
  } finally {
    await connection.close();
  }
}

describe("a new PGlite data directory seeded from the machine's template", () => {
  it("is built once into the cache, and each new directory is a cluster of its own", async () => {
    const cache = join(root, "cache");
    vi.stubEnv("XDG_CACHE_HOME", cache);

    expect(await withWidget(join(root, "a", "pg"), "only-in-a")).toEqual(["only-in-a"]);
    const templates = await readdir(join(cache, "kurz"));
    expect(templates).toEqual([expect.stringMatching(/^pglite-\d+\.\d+\.\d+$/)]);
    const template = join(cache, "kurz", templates[0] ?? "");
    expect(existsSync(join(template, "PG_VERSION"))).toBe(true);

    // The second directory starts empty: nothing written in the first reached the template.
    expect(await withWidget(join(root, "b", "pg"))).toEqual([]);
    expect(await withWidget(join(root, "a", "pg"))).toEqual(["only-in-a"]);
    // Nothing half-built or half-copied is left beside the template or the directories.
    expect(await readdir(join(cache, "kurz"))).toEqual(templates);
    expect((await readdir(join(root, "a"))).sort()).toEqual(["pg"]);
  });

  it("leaves an existing cluster as it is", async () => {
    vi.stubEnv("XDG_CACHE_HOME", join(root, "cache"));
    const dataDir = join(root, "existing", "pg");
    await withWidget(dataDir, "kept");
    expect(await withWidget(dataDir, "added")).toEqual(["kept", "added"]);
  });

  it("initialises the directory itself when the cache cannot be written", async () => {
    const blocked = join(root, "not-a-directory");
    await writeFile(blocked, "a file where the cache would go");
    vi.stubEnv("XDG_CACHE_HOME", blocked);
    const dataDir = join(root, "uncached", "pg");
    expect(await withWidget(dataDir, "still-works")).toEqual(["still-works"]);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
  });

  it("keeps what a seeded directory holds across close and reopen", async () => {
    vi.stubEnv("XDG_CACHE_HOME", join(root, "cache"));
    const dataDir = join(root, "reopened", "pg");
    await withWidget(dataDir, "persisted");
    const connection = await createDatabase({ dataDir, schema });
    try {
      const rows = await connection.db
        .select()
        .from(schema.widgets)
        .where(eq(schema.widgets.name, "persisted"));
      expect(rows).toHaveLength(1);
    } finally {
      await connection.close();
    }
  });

  it("gives each in-memory database its own cluster, loaded from the machine's image", async () => {
    const cache = join(root, "memory-cache");
    vi.stubEnv("XDG_CACHE_HOME", cache);
    expect(await withWidget(undefined, "first")).toEqual(["first"]);
    expect(await readdir(join(cache, "kurz"))).toEqual([expect.stringMatching(/^pglite-[\d.]+\.tar$/)]);
    expect(await withWidget(undefined, "second")).toEqual(["second"]);
  });

  it("initialises an in-memory database itself when the cache cannot be written", async () => {
    const blocked = join(root, "memory-blocked");
    await writeFile(blocked, "a file where the cache would go");
    vi.stubEnv("XDG_CACHE_HOME", blocked);
    expect(await withWidget(undefined, "still-works")).toEqual(["still-works"]);
  });
});
