/**
 * The insert-fed hourly rollups (clickhouse/016–019) against clicks_v1: every report the reader
 * answers from them must equal, field for field and unique visitors included, the same report
 * read from clicks_v1 (a reader with `hourlyRollups: false`, the path before them). The store is
 * one that existed before those migrations: three days of generated clicks (bots, HEAD requests,
 * QR scans, UTM tags, campaigns, branded hosts, conversions) are written, the finished days rolled
 * up, and only then are 016–019 applied — they fill the rollups from clicks_v1 back to the
 * midnight before yesterday. Then come today's last two hours through the views, and late clicks
 * for a day the rollups hold (yesterday) and for one before they began (read from clicks_v1 by
 * both readers). One link is unknown to link-api (deleted): it is a 404 on its own and still
 * counted in its account's reports, by both paths alike.
 */

import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ClickStore, createClickStore } from "@kurz/clickstore";
import { TestClock } from "@kurz/clock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDataset } from "../bench/analytics/build-dataset";
import { createDatasetDirectory } from "../bench/analytics/create-dataset-directory";
import {
  type Catalog,
  createCatalog,
  type DatasetOptions,
  generateBatches,
  type LinkSpec,
} from "../bench/analytics/generate-clicks";
import { rollUpDataset } from "../bench/analytics/roll-up-dataset";
import { type AnalyticsReader, createAnalyticsReader } from "../src/analytics/analytics-reader";
import type { TimeRangeInput } from "../src/analytics/resolve-time-range";
import type { ClickRow, ConversionRow } from "../src/ingest/click-row";
import { ALL_DIMENSIONS } from "../src/rollups/dimension-values";

const MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));
const FIRST_HOURLY_MIGRATION = 16;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Mid-hour, as a service's clock usually is. */
const NOW = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 23 * 60_000 + 4_567;
const OPTIONS: DatasetOptions = { clicks: 12_000, seed: 4_242, endMs: NOW, days: 3, accounts: 3, links: 120 };
/** Clicks of the last two hours are written after the migrations, through the views. */
const AFTER_MIGRATION_MS = NOW - 2 * HOUR_MS;

let store: ClickStore;
let catalog: Catalog;
let hourly: AnalyticsReader;
let raw: AnalyticsReader;
let deleted: LinkSpec;
let ranked: LinkSpec[];
const tables = new Set<string>();
const migrationsBefore = mkdtempSync(path.join(tmpdir(), "kurz-migrations-"));

let directoryOf: ReturnType<typeof createDatasetDirectory>;

/** The store, noting in `into` which tables each statement reads. */
function noting(into: Set<string>): ClickStore {
  return {
    ...store,
    client: {
      ...store.client,
      query: ((params: { query: string }) => {
        for (const table of params.query.match(/\b[a-z_]+_v[0-9]+\b/g) ?? []) into.add(table);
        return store.client.query(params as Parameters<ClickStore["client"]["query"]>[0]);
      }) as ClickStore["client"]["query"],
    },
  };
}

/** Generated rows again under new ids, stamped `shiftMs` earlier: late clicks of an earlier day. */
function lateCopies(rows: readonly ClickRow[], shiftMs: number): ClickRow[] {
  return rows.map((row, i) => {
    const at = new Date(`${row.clicked_at.replace(" ", "T")}Z`).getTime() - shiftMs;
    return {
      ...row,
      click_id: `${row.click_id.slice(0, 24)}${(i + 1).toString(16).padStart(12, "0")}`,
      clicked_at: new Date(at).toISOString().slice(0, 23).replace("T", " "),
    };
  });
}

async function scalar(query: string): Promise<number> {
  const [row] = await (await store.client.query({ query, format: "JSONEachRow" })).json<{ n: unknown }>();
  return Number(row?.n);
}

describe("reports from the insert-fed hourly rollups equal the same reports from clicks_v1", () => {
  beforeAll(async () => {
    for (const file of readdirSync(MIGRATIONS)) {
      if (file.endsWith(".sql") && Number(file.slice(0, 3)) < FIRST_HOURLY_MIGRATION)
        copyFileSync(path.join(MIGRATIONS, file), path.join(migrationsBefore, file));
    }
    store = await createClickStore();
    await store.migrate(migrationsBefore);
    // This version's pipeline records each click's insert token (023) and redirect rule (024);
    // the clicks from before the upgrade get those columns early, and 023 and 024 (IF NOT EXISTS)
    // keep them.
    for (const column of ["ingest_token", "rule_id"]) {
      await store.client.command({
        query: `ALTER TABLE clicks_v1 ADD COLUMN IF NOT EXISTS ${column} String DEFAULT ''`,
      });
    }
    catalog = createCatalog(OPTIONS);
    const before: ClickRow[] = [];
    const after: ClickRow[] = [];
    const conversions: ConversionRow[] = [];
    for (const batch of generateBatches(OPTIONS, catalog)) {
      conversions.push(...batch.conversions);
      for (const row of batch.clicks)
        (new Date(`${row.clicked_at.replace(" ", "T")}Z`).getTime() < AFTER_MIGRATION_MS
          ? before
          : after
        ).push(row);
    }
    await insertDataset(store, [{ clicks: before, conversions }]);
    expect(await rollUpDataset(store, NOW)).toBeGreaterThanOrEqual(2);

    // The upgrade: the hourly rollups are created and filled from what clicks_v1 holds.
    await store.migrate(MIGRATIONS);
    await insertDataset(store, [{ clicks: after, conversions: [] }]);
    // Late clicks (not rolled up again: the job's next pass has not run): for yesterday, which
    // the hourly rollups hold, and for the day before, which they do not.
    const today = Math.floor(NOW / DAY_MS) * DAY_MS;
    const yesterdays = before.filter((row) =>
      row.clicked_at.startsWith(new Date(today - DAY_MS).toISOString().slice(0, 10)),
    );
    await insertDataset(store, [{ clicks: lateCopies(yesterdays.slice(0, 150), 0), conversions: [] }]);
    await insertDataset(store, [{ clicks: lateCopies(yesterdays.slice(150, 300), DAY_MS), conversions: [] }]);

    const counts = new Map<string, number>();
    for (const row of [...before, ...after]) counts.set(row.link_id, (counts.get(row.link_id) ?? 0) + 1);
    ranked = [...catalog.links].sort((a, b) => (counts.get(b.linkId) ?? 0) - (counts.get(a.linkId) ?? 0));
    // The third most clicked link is deleted: link-api no longer knows it.
    deleted = ranked[2] as LinkSpec;
    const directory = createDatasetDirectory({
      ...catalog,
      links: catalog.links.filter((link) => link !== deleted),
    });
    const clock = new TestClock({ frozen: true, at: new Date(NOW) });
    // The reader of the rollups notes which tables its statements read, so that a test of equal
    // answers cannot pass by reading clicks_v1 on both sides.
    hourly = createAnalyticsReader(noting(tables), directory, { clock });
    raw = createAnalyticsReader(store, directory, { clock, hourlyRollups: false });
    directoryOf = directory;
    // Long by design: a dataset generated, inserted, rolled up and migrated before any report.
  }, 240_000);

  afterAll(async () => {
    await store?.close();
    rmSync(migrationsBefore, { recursive: true, force: true });
  });

  const today = Math.floor(NOW / DAY_MS) * DAY_MS;
  const ranges: Array<{ name: string; range: TimeRangeInput }> = [
    { name: "7d", range: { period: "7d" } },
    { name: "today by hour", range: { start: new Date(today), end: new Date(NOW), granularity: "hour" } },
    {
      name: "from 2.5 days ago by hour",
      range: { start: new Date(NOW - 60 * HOUR_MS), end: new Date(NOW), granularity: "hour" },
    },
    {
      name: "mid-yesterday to mid-today",
      range: { start: new Date(today - 13 * HOUR_MS), end: new Date(NOW - HOUR_MS) },
    },
  ];

  it("fills the rollups on migrating and on every insert since: each request once", async () => {
    const all = await scalar(
      "SELECT count() AS n FROM clicks_v1 WHERE clicked_at >= (SELECT max(since) FROM hourly_rollups_since_v1)",
    );
    expect(all).toBeGreaterThan(1000);
    // Late clicks of a day before it are in the rollups too (the views saw them), never read there.
    const since = "hour >= (SELECT max(since) FROM hourly_rollups_since_v1)";
    expect(
      await scalar(
        `SELECT sum(clicks) + sum(bots) + sum(head_requests) AS n FROM link_hours_v1 WHERE ${since}`,
      ),
    ).toBe(all);
    for (const table of ["link_dimensions_hourly_v2", "account_dimensions_hourly_v2"]) {
      const where = `AND ${since}${table.startsWith("account") ? " AND campaign_id = '*'" : ""}`;
      expect(
        await scalar(
          `SELECT sum(clicks) + sum(bots) + sum(head_requests) AS n FROM ${table} WHERE dimension = 'country' ${where}`,
        ),
      ).toBe(all);
    }
    // Every dimension of the job's rollups is in the views (dimension-values.ts).
    for (const file of [
      "021_create_link_dimensions_hourly.sql",
      "020_create_account_dimensions_hourly.sql",
    ]) {
      const sql = readFileSync(path.join(MIGRATIONS, file), "utf8");
      for (const dimension of ALL_DIMENSIONS) expect(sql, file).toContain(`('${dimension}',`);
    }
  });

  it("link reports: complete analytics, stats, timelines, clicks and QR, of the busiest links and a QR link", async () => {
    const qrLink = ranked.find((link) => link.qr) as LinkSpec;
    for (const link of [ranked[0], ranked[1], qrLink] as LinkSpec[]) {
      const accountId = link.account.accountId;
      for (const { name, range } of ranges) {
        const what = `${link.linkId} ${name}`;
        expect(await hourly.getCompleteAnalytics(accountId, link.linkId, range), what).toEqual(
          await raw.getCompleteAnalytics(accountId, link.linkId, range),
        );
        expect(await hourly.getClicksTimeline(accountId, link.code, range), what).toEqual(
          await raw.getClicksTimeline(accountId, link.code, range),
        );
        expect(await hourly.getQrAnalytics(accountId, link.linkId, range), what).toEqual(
          await raw.getQrAnalytics(accountId, link.linkId, range),
        );
      }
      expect(await hourly.getLinkSummary(accountId, link.linkId, "7d")).toEqual(
        await raw.getLinkSummary(accountId, link.linkId, "7d"),
      );
    }
    expect(tables).toContain("link_hours_v1");
    expect(tables).toContain("link_dimensions_hourly_v2");
  });

  it("account and campaign reports, a deleted link's clicks counted in them by both paths alike", async () => {
    const accountId = deleted.account.accountId;
    await expect(
      hourly.getCompleteAnalytics(accountId, deleted.linkId, { period: "7d" }),
    ).rejects.toMatchObject({
      code: "URL_NOT_FOUND",
    });
    for (const { name, range } of ranges) {
      const same = async (what: string, read: (reader: AnalyticsReader) => Promise<unknown>) =>
        expect(await read(hourly), `${what} ${name}`).toEqual(await read(raw));
      await same("complete", (r) => r.getCompleteAnalytics(accountId, undefined, range));
      await same("overview", (r) => r.getAccountOverview(accountId, range));
      await same("top links", (r) => r.getTopLinks(accountId, range, 100));
      await same("top links by visitors", (r) => r.getTopLinks(accountId, range, 100, "uniqueVisitors"));
      await same("QR", (r) => r.getQrAnalytics(accountId, undefined, range));
      await same("UTM links", (r) => r.listLinksWithUtm(accountId, range, { limit: 50 }));
      await same("domains", (r) => r.getDomainAnalytics(accountId, range));
      for (const host of deleted.account.hosts)
        await same(`domain ${host}`, (r) => r.getDomainAnalytics(accountId, range, host));
      for (const campaignId of deleted.account.campaignIds)
        await same(`campaign ${campaignId}`, (r) => r.getCampaignAnalytics(accountId, campaignId, range));
    }
    const top = await hourly.getTopLinks(accountId, { period: "7d" }, 100);
    expect(top.links.map((stats) => stats.link.linkId)).toContain(deleted.linkId);
    expect(tables).toContain("account_dimensions_hourly_v2");
  });

  it("reads the rollups for the last seven days only: a week later, the same days come from clicks_v1", async () => {
    const later = new TestClock({ frozen: true, at: new Date(NOW + 7 * DAY_MS) });
    // As their TTL (clickhouse/022) will have it by then, the rollups hold nothing of those days.
    const oldest = new Date(Math.floor(later.now().getTime() / DAY_MS - 6) * DAY_MS);
    for (const table of ["link_hours_v1", "link_dimensions_hourly_v2", "account_dimensions_hourly_v2"]) {
      await store.client.command({
        query: `DELETE FROM ${table} WHERE hour < {oldest:DateTime('UTC')}`,
        query_params: { oldest: oldest.toISOString().slice(0, 19).replace("T", " ") },
      });
    }
    expect(await scalar("SELECT count() AS n FROM link_hours_v1")).toBe(0);
    const weekLater = createAnalyticsReader(store, directoryOf, { clock: later });
    const rawLater = createAnalyticsReader(store, directoryOf, { clock: later, hourlyRollups: false });
    const link = ranked[0] as LinkSpec;
    const accountId = link.account.accountId;
    for (const range of [
      { period: "30d" },
      { start: new Date(NOW - 60 * HOUR_MS), end: new Date(NOW), granularity: "hour" },
    ] as TimeRangeInput[]) {
      expect(await weekLater.getCompleteAnalytics(accountId, link.linkId, range)).toEqual(
        await rawLater.getCompleteAnalytics(accountId, link.linkId, range),
      );
      expect(await weekLater.getAccountOverview(accountId, range)).toEqual(
        await rawLater.getAccountOverview(accountId, range),
      );
      expect(await weekLater.getQrAnalytics(accountId, undefined, range)).toEqual(
        await rawLater.getQrAnalytics(accountId, undefined, range),
      );
    }
  });
});
