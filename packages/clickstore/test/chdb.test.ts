import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClickStore } from "../src/index";
import { describeClickStoreContract, FIXTURE_MIGRATIONS } from "./describe-click-store-contract";

// chDB is the click store's real engine in every environment: these never skip.
// One data directory for the whole file, because libchdb binds one per process.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "kurz-clickstore-test-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describeClickStoreContract("chDB", (database) => createClickStore({ dataDir, database }));

describe("chDB sessions", () => {
  it("shares one session between stores on the same data dir; closing one leaves the other working", async () => {
    const first = await createClickStore({ dataDir, database: "sessions_a" });
    const second = await createClickStore({ dataDir, database: "sessions_b" });
    try {
      expect(first.kind).toBe("chdb");
      expect(first.dataDir).toBe(path.resolve(dataDir));
      await first.migrate(FIXTURE_MIGRATIONS);
      await second.migrate(FIXTURE_MIGRATIONS);
      await first.insert({
        table: "test_events",
        rows: [
          { event_id: crypto.randomUUID(), link_id: "l", country: "DE", occurred_at: "2024-03-01 00:00:00" },
        ],
      });
      await first.close();

      // Each store resolves unqualified names in its own database.
      const result = await second.client.query({
        query: "SELECT count() AS n FROM test_events",
        format: "JSONEachRow",
      });
      expect(await result.json()).toEqual([{ n: 0 }]);
      expect(await second.ping()).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("refuses a second data directory while one is open, and opens it once the first is closed", async () => {
    const other = await mkdtemp(path.join(tmpdir(), "kurz-clickstore-other-"));
    const first = await createClickStore({ dataDir });
    try {
      await expect(createClickStore({ dataDir: other })).rejects.toMatchObject({ code: "INVALID_STATE" });
      await first.close();
      const second = await createClickStore({ dataDir: other });
      expect(await second.ping()).toBe(true);
      await second.close();
    } finally {
      await first.close();
      await rm(other, { recursive: true, force: true });
    }
  });

  it("uses a temporary directory when none is given and removes it on close", async () => {
    const store = await createClickStore();
    const dir = store.dataDir;
    expect(dir && existsSync(dir)).toBe(true);
    expect(await store.migrate(FIXTURE_MIGRATIONS)).toEqual({
      applied: ["001_create_test_events.sql", "002_create_test_daily_rollup.sql"],
    });
    await store.close();
    expect(existsSync(dir ?? "")).toBe(false);
  });

  it("bounds the engine's caches to a laptop's click store, not a server's 5 GiB each", async () => {
    const store = await createClickStore({ dataDir, database: "default" });
    try {
      const result = await store.client.query({
        query:
          "SELECT name, value FROM system.server_settings WHERE name IN ('mark_cache_size', 'index_mark_cache_size', 'primary_index_cache_size', 'compiled_expression_cache_size') ORDER BY name",
        format: "JSONEachRow",
      });
      expect(await result.json()).toEqual([
        { name: "compiled_expression_cache_size", value: "16777216" },
        { name: "index_mark_cache_size", value: "33554432" },
        { name: "mark_cache_size", value: "67108864" },
        { name: "primary_index_cache_size", value: "33554432" },
      ]);
    } finally {
      await store.close();
    }
  });

  it("answers ping with false and rejects queries once closed", async () => {
    const store = await createClickStore({ dataDir });
    await store.close();
    expect(await store.ping()).toBe(false);
    await expect(store.client.query({ query: "SELECT 1" })).rejects.toMatchObject({
      code: "DEPENDENCY_UNAVAILABLE",
    });
  });

  it("runs a query beside a long one on another connection, bound parameters included", async () => {
    const store = await createClickStore({ dataDir, database: "lanes", chdbLanes: 2 });
    try {
      await store.migrate(FIXTURE_MIGRATIONS);
      const finished: string[] = [];
      const run = async (name: string, query: string, query_params?: Record<string, unknown>) => {
        const rows = await (await store.client.query({ query, query_params, format: "JSONEachRow" })).json();
        finished.push(name);
        return rows;
      };
      const long = run("long", "SELECT sum(sleepEachRow(0.5)) AS s FROM numbers({n:UInt32})", { n: 4 });
      const short = run("short", "SELECT {text:String} AS text", { text: "it's \\ here" });
      await expect(short).resolves.toEqual([{ text: "it's \\ here" }]);
      await long;
      expect(finished).toEqual(["short", "long"]);
    } finally {
      await store.close();
    }
  });

  it("queues everything on one connection when asked for one", async () => {
    const store = await createClickStore({ dataDir, database: "lanes", chdbLanes: 1 });
    try {
      const finished: string[] = [];
      const run = async (name: string, query: string) => {
        await (await store.client.query({ query, format: "JSONEachRow" })).json();
        finished.push(name);
      };
      await Promise.all([
        run("long", "SELECT sum(sleepEachRow(0.5)) FROM numbers(2)"),
        run("short", "SELECT 1"),
      ]);
      expect(finished).toEqual(["long", "short"]);
    } finally {
      await store.close();
    }
  });
});
