import { randomUUID } from "node:crypto";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClickStore } from "../src/index";

export const FIXTURE_MIGRATIONS = path.join(import.meta.dirname, "fixtures/migrations");

/**
 * Opens a store on the target's storage. Every call with the same database reaches the same
 * data (the same chDB dataDir, or the same server), so close + open shows persistence.
 */
export type OpenClickStore = (database: string) => Promise<ClickStore>;

interface TestEvent {
  event_id: string;
  link_id: string;
  country: string;
  occurred_at: string;
}

function events(linkId: string, countries: string[], day = "2024-03-10"): TestEvent[] {
  return countries.map((country, i) => ({
    event_id: randomUUID(),
    link_id: linkId,
    country,
    occurred_at: `${day} 10:00:0${i}.000`,
  }));
}

/** The click-store contract, run for chDB always and for a ClickHouse server when one is given. */
export function describeClickStoreContract(
  name: string,
  open: OpenClickStore,
  options: { skip?: boolean } = {},
) {
  describe.skipIf(options.skip)(`click store contract: ${name}`, () => {
    let database: string;
    let store: ClickStore;

    beforeEach(async () => {
      // A database per test: tests stay independent on a shared server or data dir.
      database = `contract_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
      store = await open(database);
    });

    afterEach(async () => {
      await store.client
        .command({ query: "DROP DATABASE IF EXISTS {database:Identifier}", query_params: { database } })
        .catch(() => undefined);
      await store.close();
    });

    async function countsByCountry(linkId: string): Promise<Record<string, number>> {
      const result = await store.client.query({
        query: `SELECT country, count() AS clicks FROM test_events
                WHERE link_id = {linkId:String} AND occurred_at >= {from:DateTime64(3, 'UTC')}
                GROUP BY country ORDER BY country`,
        query_params: { linkId, from: "2024-01-01 00:00:00.000" },
        format: "JSONEachRow",
      });
      const rows = await result.json<{ country: string; clicks: number | string }>();
      return Object.fromEntries(rows.map((row) => [row.country, Number(row.clicks)]));
    }

    async function rollupClicks(linkId: string): Promise<number> {
      const result = await store.client.query({
        query: "SELECT sum(clicks) AS clicks FROM test_daily_clicks WHERE link_id = {linkId:String}",
        query_params: { linkId },
        format: "JSONEachRow",
      });
      const [row] = await result.json<{ clicks: number | string }>();
      return Number(row?.clicks ?? 0);
    }

    it("applies migrations in order once; running them again changes nothing", async () => {
      expect(await store.migrate(FIXTURE_MIGRATIONS)).toEqual({
        applied: ["001_create_test_events.sql", "002_create_test_daily_rollup.sql"],
      });
      expect(await store.migrate(FIXTURE_MIGRATIONS)).toEqual({ applied: [] });

      const result = await store.client.query({
        query:
          "SELECT version, name, length(checksum) AS checksum_length FROM schema_migrations ORDER BY version",
        format: "JSONEachRow",
      });
      expect(await result.json()).toEqual([
        { version: 1, name: "001_create_test_events.sql", checksum_length: 64 },
        { version: 2, name: "002_create_test_daily_rollup.sql", checksum_length: 64 },
      ]);
    });

    it("applies only a newly added migration and refuses an applied file that was edited", async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "kurz-migrations-"));
      try {
        await cp(FIXTURE_MIGRATIONS, dir, { recursive: true });
        await store.migrate(dir);

        await writeFile(
          path.join(dir, "003_add_referrer.sql"),
          "ALTER TABLE test_events ADD COLUMN IF NOT EXISTS referrer String;\n",
        );
        expect(await store.migrate(dir)).toEqual({ applied: ["003_add_referrer.sql"] });

        await writeFile(path.join(dir, "001_create_test_events.sql"), "SELECT 1;\n");
        await expect(store.migrate(dir)).rejects.toMatchObject({
          code: "INVALID_STATE",
          details: { file: "001_create_test_events.sql" },
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it("returns exact aggregates for an inserted batch through a parameterized query", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await store.insert({ table: "test_events", rows: events("link-a", ["DE", "FR", "DE", "US", "DE"]) });
      await store.insert({ table: "test_events", rows: events("link-b", ["DE"]) });

      expect(await countsByCountry("link-a")).toEqual({ DE: 3, FR: 1, US: 1 });
      expect(await rollupClicks("link-a")).toBe(5);
    });

    it("stores every value exactly as given: escapes, NUL, unicode, booleans, NULL, big numbers", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await store.client.command({
        query: `CREATE TABLE test_values (id UInt32, text String, flag Bool, maybe Nullable(String), big UInt64)
                ENGINE = MergeTree ORDER BY id`,
      });
      const texts = [
        "plain",
        "tab\there, newline\nthere, CR\rthere",
        "back\\slash \\N \\t not a tab",
        "\\N",
        "NUL\u0000inside",
        "ünïcödé 日本語 😀",
        "",
        "trailing backslash\\",
      ];
      const rows = texts.map((text, id) => ({
        id,
        text,
        flag: id % 2 === 0,
        maybe: id === 3 ? null : `m${id}`,
        big: id === 0 ? 2n ** 63n : 2 ** 48 + id,
      }));
      await store.insert({ table: "test_values", rows });
      const result = await store.client.query({
        query: "SELECT id, text, flag, maybe, toString(big) AS big FROM test_values ORDER BY id",
        format: "JSONEachRow",
      });
      expect(await result.json()).toEqual(rows.map((row) => ({ ...row, big: row.big.toString() })));
      // Columns by name, in any order; a property the row lacks takes the column default.
      await store.insert({ table: "test_values", columns: ["text", "id"], rows: [{ id: 100, text: "x" }] });
      const added = await store.client.query({
        query: "SELECT text, flag, maybe FROM test_values WHERE id = 100",
        format: "JSONEachRow",
      });
      expect(await added.json()).toEqual([{ text: "x", flag: false, maybe: null }]);
    });

    it("does not count a batch twice when it is replayed with the same dedup token", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      // Spans two months, so the batch lands in two partitions.
      const batch = [
        ...events("link-a", ["DE", "FR"], "2024-03-31"),
        ...events("link-a", ["US"], "2024-04-01"),
      ];

      await store.insert({ table: "test_events", rows: batch, dedupToken: "clicks:p0:100-102" });
      await store.insert({ table: "test_events", rows: batch, dedupToken: "clicks:p0:100-102" });

      expect(await countsByCountry("link-a")).toEqual({ DE: 1, FR: 1, US: 1 });
      expect(await rollupClicks("link-a")).toBe(3);
    });

    it("delivers a replayed batch to a view that missed it (a crash between the table's insert and the view's), once", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      const batch = events("link-v", ["DE", "FR", "US"]);
      await store.insert({ table: "test_events", rows: batch, dedupToken: "clicks:p1:7-9" });
      // The view's rows of that insert never landed: as if the process died in between.
      await store.client.command({ query: "TRUNCATE TABLE test_daily_clicks" });
      expect(await rollupClicks("link-v")).toBe(0);

      await store.insert({ table: "test_events", rows: batch, dedupToken: "clicks:p1:7-9" });
      await store.insert({ table: "test_events", rows: batch, dedupToken: "clicks:p1:7-9" });

      expect(await countsByCountry("link-v")).toEqual({ DE: 1, FR: 1, US: 1 });
      expect(await rollupClicks("link-v")).toBe(3);
    });

    it("counts a different batch with its own token, and inserts after a tokened one", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await store.insert({
        table: "test_events",
        rows: events("link-a", ["DE"]),
        dedupToken: "clicks:p0:1-1",
      });
      await store.insert({
        table: "test_events",
        rows: events("link-a", ["DE", "FR"]),
        dedupToken: "clicks:p0:2-3",
      });
      // No token: must not inherit the previous insert's token and be dropped as its duplicate.
      await store.insert({ table: "test_events", rows: events("link-a", ["US"]) });

      expect(await countsByCountry("link-a")).toEqual({ DE: 2, FR: 1, US: 1 });
      expect(await rollupClicks("link-a")).toBe(4);
    });

    it("counts every batch of concurrent inserts that carry different tokens", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.insert({
            table: "test_events",
            rows: events("link-c", ["DE", "FR"]),
            dedupToken: `batch-${i}`,
          }),
        ),
      );
      expect(await countsByCountry("link-c")).toEqual({ DE: 8, FR: 8 });
    });

    it("keeps the data when the store is closed and opened again", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await store.insert({
        table: "test_events",
        rows: events("link-p", ["DE", "FR"]),
        dedupToken: "persist-1",
      });
      await store.close();

      store = await open(database);
      expect(await store.migrate(FIXTURE_MIGRATIONS)).toEqual({ applied: [] });
      expect(await countsByCountry("link-p")).toEqual({ DE: 1, FR: 1 });
      // The dedup window survives the restart too: a replay after a crash is still recognised.
      await store.insert({ table: "test_events", rows: events("link-p", ["US"]), dedupToken: "persist-1" });
      expect(await countsByCountry("link-p")).toEqual({ DE: 1, FR: 1 });
    });

    it("rejects bad SQL with a clear ClickHouse error and keeps serving", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await expect(store.client.query({ query: "SELEC 1", format: "JSONEachRow" })).rejects.toMatchObject({
        code: "62",
        type: "SYNTAX_ERROR",
      });
      await expect(
        store.client.query({ query: "SELECT * FROM no_such_table", format: "JSONEachRow" }),
      ).rejects.toMatchObject({ type: "UNKNOWN_TABLE" });
      await expect(
        store.client.query({
          query: "SELECT {n:UInt32} AS n",
          query_params: { n: "abc" },
          format: "JSONEachRow",
        }),
      ).rejects.toMatchObject({ type: "BAD_QUERY_PARAMETER" });

      expect(await store.ping()).toBe(true);
      const result = await store.client.query({ query: "SELECT 1 AS one", format: "JSONEachRow" });
      expect(await result.json()).toEqual([{ one: 1 }]);
    });

    it("binds hostile input as data, never as SQL", async () => {
      await store.migrate(FIXTURE_MIGRATIONS);
      await store.insert({ table: "test_events", rows: events("link-a", ["DE"]) });
      expect(await countsByCountry("link-a' OR 1=1 --")).toEqual({});
      expect(await countsByCountry("link-a\\")).toEqual({});
    });

    it("rejects an invalid table name or dedup token before reaching the engine", async () => {
      await expect(store.insert({ table: "test_events; DROP TABLE x", rows: [{}] })).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
      });
      await expect(
        store.insert({ table: "test_events", rows: [{}], dedupToken: "x\\'; SELECT 1; --" }),
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    });

    it("answers ping and reports its database", async () => {
      expect(await store.ping()).toBe(true);
      expect(store.database).toBe(database);
    });
  });
}
