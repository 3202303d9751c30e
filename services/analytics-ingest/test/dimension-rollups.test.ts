/**
 * The dimension rollup job over time: a day is rolled up only once it has ended and settled
 * (moving the job's clock across midnight + the settle time), reports read a rolled day from the
 * rollups, late clicks for a rolled day send reports back to clicks_v1 for that day (never a
 * stale count), and the next pass replaces the day (DELETE + INSERT) so the rollups hold exactly
 * the raw rows again. chDB in-process, rows written through the ingest pipeline's write path.
 */

import { fileURLToPath } from "node:url";
import { createCache } from "@kurz/cache";
import { type ClickStore, createClickStore } from "@kurz/clickstore";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDataset } from "../bench/analytics/build-dataset";
import { createDatasetDirectory } from "../bench/analytics/create-dataset-directory";
import {
  type Catalog,
  createCatalog,
  type DatasetOptions,
  generateBatches,
} from "../bench/analytics/generate-clicks";
import { createAccountGenerations } from "../src/analytics/account-generations";
import { type AnalyticsReader, createAnalyticsReader } from "../src/analytics/analytics-reader";
import { cacheDayCoverage } from "../src/analytics/cache-day-coverage";
import { createDimensionRollups } from "../src/rollups/create-dimension-rollups";

const MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Data ends at 05:00 UTC of a fixed day; the job's clock moves from there. */
const END = Date.UTC(2026, 9, 15, 5);
const MIDNIGHT = Date.UTC(2026, 9, 15);
const OPTIONS: DatasetOptions = { clicks: 6_000, seed: 77, endMs: END, days: 6, accounts: 2, links: 30 };
const SETTLE_MS = 10 * 60_000;

let store: ClickStore;
let catalog: Catalog;
let reader: AnalyticsReader;
/** The job's clock, moved from the data's day to the instants each test needs. */
const clock = new TestClock({ frozen: true, at: new Date(MIDNIGHT + 5 * 60_000) });
const moveTo = (ms: number) => clock.advance(ms - clock.now().getTime());
const cache = createCache();
/** As the service runs: each report's day coverage remembered until the account's clicks are written. */
const generations = createAccountGenerations(cache.cache);

const rollups = () =>
  createDimensionRollups({
    store,
    locks: cache.locks,
    logger: createLogger({ service: "rollup-test", level: "silent" }),
    clock,
    intervalMs: 60_000,
    settleMs: SETTLE_MS,
  });

async function rows<T>(query: string, params: Record<string, unknown> = {}): Promise<T[]> {
  return (await store.client.query({ query, query_params: params, format: "JSONEachRow" })).json<T>();
}

const time = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace("T", " ");

/** Human clicks per country of an account in [start, end), counted from clicks_v1 itself. */
async function countriesFromRaw(
  accountId: string,
  start: number,
  end: number,
): Promise<Record<string, number>> {
  const counted = await rows<{ country: string; n: string }>(
    `SELECT country, count() AS n FROM clicks_v1
      WHERE account_id = {a:String} AND clicked_at >= {s:DateTime64(3, 'UTC')} AND clicked_at < {e:DateTime64(3, 'UTC')}
        AND method != 'HEAD' AND NOT is_bot
      GROUP BY country`,
    { a: accountId, s: time(start), e: time(end) },
  );
  return Object.fromEntries(counted.map((row) => [row.country, Number(row.n)]));
}

async function countriesFromReport(
  accountId: string,
  start: number,
  end: number,
): Promise<Record<string, number>> {
  const report = await reader.getGeography(
    accountId,
    undefined,
    { start: new Date(start), end: new Date(end) },
    500,
  );
  return Object.fromEntries(report.geography.countries.map((entry) => [entry.key, entry.clicks]));
}

/** QR scans (human QR requests) per country of an account in [start, end), from clicks_v1 and from the QR report. */
async function qrCountries(accountId: string, start: number, end: number) {
  const counted = await rows<{ country: string; n: string }>(
    `SELECT country, count() AS n FROM clicks_v1
      WHERE account_id = {a:String} AND clicked_at >= {s:DateTime64(3, 'UTC')} AND clicked_at < {e:DateTime64(3, 'UTC')}
        AND method != 'HEAD' AND NOT is_bot AND qr
      GROUP BY country`,
    { a: accountId, s: time(start), e: time(end) },
  );
  const report = await reader.getQrAnalytics(accountId, undefined, {
    start: new Date(start),
    end: new Date(end),
  });
  return {
    raw: Object.fromEntries(counted.map((row) => [row.country, Number(row.n)])),
    report: Object.fromEntries(report.countries.map((entry) => [entry.key, entry.clicks])),
    scans: report.counts.clicks,
  };
}

/** The UTM link list's links and tagged clicks, checked against clicks_v1. */
async function utmRanking(accountId: string, start: number, end: number) {
  const counted = await rows<{ link_id: string; n: string }>(
    `SELECT link_id, count() AS n FROM clicks_v1
      WHERE account_id = {a:String} AND clicked_at >= {s:DateTime64(3, 'UTC')} AND clicked_at < {e:DateTime64(3, 'UTC')}
        AND method != 'HEAD' AND NOT is_bot
        AND (utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')
      GROUP BY link_id ORDER BY n DESC, link_id`,
    { a: accountId, s: time(start), e: time(end) },
  );
  const report = await reader.listLinksWithUtm(
    accountId,
    { start: new Date(start), end: new Date(end) },
    { page: 1, limit: 100 },
  );
  const listed = report.links.map((row) => [row.link.linkId, row.taggedClicks]);
  expect(listed).toEqual(counted.map((row) => [row.link_id, Number(row.n)]));
  return listed;
}

/** Rows of each dimension rollup for a day, as request counts (country rows cover every request). */
async function rolledRequests(
  dayMs: number,
): Promise<{ link: number; account: number; links: number; raw: number }> {
  const [row] = await rows<Record<string, string>>(
    `SELECT (SELECT sum(clicks + bots + head_requests) FROM link_dimensions_daily_v1 WHERE day = {d:Date} AND dimension = 'country') AS link,
            (SELECT sum(clicks + bots + head_requests) FROM account_dimensions_daily_v1 WHERE day = {d:Date} AND campaign_id = '*' AND dimension = 'country') AS account,
            (SELECT sum(clicks + bots + head_requests) FROM link_days_v1 WHERE day = {d:Date}) AS links,
            (SELECT count() FROM clicks_v1 WHERE toDate(clicked_at) = {d:Date}) AS raw`,
    { d: new Date(dayMs).toISOString().slice(0, 10) },
  );
  return {
    link: Number(row?.link),
    account: Number(row?.account),
    links: Number(row?.links),
    raw: Number(row?.raw),
  };
}

describe("the dimension rollup job", () => {
  beforeAll(async () => {
    store = await createClickStore();
    await store.migrate(MIGRATIONS);
    catalog = createCatalog(OPTIONS);
    await insertDataset(store, generateBatches(OPTIONS, catalog));
    // The small catalog has no QR link: 40 requests a day of the first link's account (humans,
    // bots, HEAD) come again as QR scans, new ids, through clicks_v1 so the views count them too.
    await store.client.command({
      query: `INSERT INTO clicks_v1 SELECT * REPLACE (generateUUIDv4() AS click_id, true AS qr) FROM clicks_v1
               WHERE account_id = {a:String} ORDER BY clicked_at LIMIT 40 BY toDate(clicked_at)`,
      query_params: { a: catalog.links[0]?.account.accountId as string },
    });
    reader = createAnalyticsReader(store, createDatasetDirectory(catalog), {
      coverage: cacheDayCoverage(store, generations),
    });
  });

  afterAll(async () => {
    await store?.close();
    await cache.close();
  });

  it("rolls up a finished day only once it has settled, then every day before it", async () => {
    const yesterday = MIDNIGHT - DAY_MS;
    moveTo(MIDNIGHT + SETTLE_MS - 1);
    // Before the settle time only the days before yesterday are finished and settled.
    const early = await rollups().runOnce();
    expect((await rolledRequests(yesterday)).link).toBe(0);
    moveTo(MIDNIGHT + SETTLE_MS);
    expect(await rollups().runOnce()).toBe(1);
    const rolled = await rolledRequests(yesterday);
    expect(rolled.raw).toBeGreaterThan(500);
    expect(rolled).toEqual({ link: rolled.raw, account: rolled.raw, links: rolled.raw, raw: rolled.raw });
    expect(early).toBeGreaterThanOrEqual(5);
    // Today is never rolled up while it lasts; nothing is stale: a pass does nothing.
    moveTo(END);
    expect(await rollups().runOnce()).toBe(0);
    expect((await rolledRequests(MIDNIGHT)).link).toBe(0);
  });

  it("answers exactly across late clicks: clicks_v1 for the stale day, then the replaced rollup", async () => {
    const accountId = catalog.links[0]?.account.accountId as string;
    const yesterday = MIDNIGHT - DAY_MS;
    const [start, end] = [MIDNIGHT - 4 * DAY_MS - 7 * HOUR_MS, END];
    expect(await countriesFromReport(accountId, start, end)).toEqual(
      await countriesFromRaw(accountId, start, end),
    );

    // Late clicks for yesterday (an outage's backlog arriving after midnight): copies of 40 of
    // its human clicks with new ids, through the same table, so the views count them too.
    await store.client.command({
      query: `INSERT INTO clicks_v1 SELECT * REPLACE (generateUUIDv4() AS click_id) FROM clicks_v1
               WHERE account_id = {a:String} AND toDate(clicked_at) = {d:Date} AND method = 'GET' AND NOT is_bot
               LIMIT 40`,
      query_params: { a: accountId, d: new Date(yesterday).toISOString().slice(0, 10) },
    });
    const stale = await rolledRequests(yesterday);
    expect(stale.raw - stale.link).toBe(40);
    // Written around the ingest pipeline, nothing moved the account's generation: the remembered
    // coverage still calls yesterday rolled up, and the report misses the late clicks. (The
    // pipeline moves it after every write, before the batch is acknowledged.)
    expect(await countriesFromReport(accountId, start, end)).not.toEqual(
      await countriesFromRaw(accountId, start, end),
    );
    await generations.bump([accountId]);
    // The rollup is stale for that day: the report reads it from clicks_v1 and stays exact.
    expect(await countriesFromReport(accountId, start, end)).toEqual(
      await countriesFromRaw(accountId, start, end),
    );

    // The next pass replaces the day: the rollups hold the raw rows exactly again.
    expect(await rollups().runOnce()).toBe(1);
    expect(await rolledRequests(yesterday)).toEqual({
      link: stale.raw,
      account: stale.raw,
      links: stale.raw,
      raw: stale.raw,
    });
    expect(await countriesFromReport(accountId, start, end)).toEqual(
      await countriesFromRaw(accountId, start, end),
    );
    const [ledger] = await rows<{ n: string }>(
      "SELECT count() AS n FROM dimension_days_v1 FINAL WHERE day = {d:Date} AND raw_rows = 0",
      { d: new Date(yesterday).toISOString().slice(0, 10) },
    );
    expect(Number(ledger?.n)).toBe(0);
  });
  it("rolls up again a day rolled with an earlier set of dimensions, reading it from clicks_v1 meanwhile", async () => {
    const accountId = catalog.links[0]?.account.accountId as string;
    const day = MIDNIGHT - 2 * DAY_MS;
    const d = new Date(day).toISOString().slice(0, 10);
    const [start, end] = [MIDNIGHT - 4 * DAY_MS - 7 * HOUR_MS, END];
    const qrRows = async () => {
      const [row] = await rows<Record<string, string>>(
        `SELECT (SELECT sum(clicks + bots + head_requests) FROM account_dimensions_daily_v1
                  WHERE day = {d:Date} AND campaign_id = '*' AND dimension = 'qr') AS rolled,
                (SELECT count() FROM clicks_v1 WHERE toDate(clicked_at) = {d:Date} AND qr) AS raw`,
        { d },
      );
      return { rolled: Number(row?.rolled), raw: Number(row?.raw) };
    };
    const before = await qrRows();
    expect(before.raw).toBeGreaterThan(0);
    expect(before.rolled).toBe(before.raw);
    const exact = await qrCountries(accountId, start, end);
    expect(exact.scans).toBeGreaterThan(0);
    expect(exact.report).toEqual(exact.raw);
    const ranking = await utmRanking(accountId, start, end);
    expect(ranking.length).toBeGreaterThan(0);

    // The day as a version without the QR dimensions left it: none of their rows, zeros in
    // link_days_v1's tagged and QR columns, version 0 (the column's default), the request count
    // current.
    for (const table of ["link_dimensions_daily_v1", "account_dimensions_daily_v1"]) {
      await store.client.command({
        query: `DELETE FROM ${table} WHERE day = {d:Date} AND dimension IN ('qr', 'qrCountry', 'qrDeviceType')`,
        query_params: { d },
      });
    }
    await store.client.command({
      query: `ALTER TABLE link_days_v1 UPDATE tagged_clicks = 0, qr_bots = 0, qr_head_requests = 0, qr_visitors = 0,
                last_qr_at = 0, qr_destination_url = '' WHERE day = {d:Date} SETTINGS mutations_sync = 1`,
      query_params: { d },
    });
    await store.client.command({
      query: `INSERT INTO dimension_days_v1 (account_id, day, raw_rows, rolled_at)
              SELECT account_id, day, raw_rows, rolled_at + toIntervalMillisecond(1) FROM dimension_days_v1 FINAL
               WHERE day = {d:Date}`,
      query_params: { d },
    });
    await generations.bump(catalog.accounts.map((account) => account.accountId));
    expect((await qrRows()).rolled).toBe(0);
    // Not current for this version: the QR report and the UTM link list read the day from
    // clicks_v1, exactly.
    expect(await qrCountries(accountId, start, end)).toEqual(exact);
    expect(await utmRanking(accountId, start, end)).toEqual(ranking);
    // The job rolls it up again, the QR rows with it.
    expect(await rollups().runOnce()).toBe(1);
    expect(await qrRows()).toEqual(before);
    await generations.bump(catalog.accounts.map((account) => account.accountId));
    expect(await qrCountries(accountId, start, end)).toEqual(exact);
    expect(await utmRanking(accountId, start, end)).toEqual(ranking);
  });

  it("ends a period's window at the reader's clock — the one clicks are stamped with — not at the wall clock's", async () => {
    const accountId = catalog.links[0]?.account.accountId as string;
    // Half an hour before the data ends: the window runs to the end of that hour, 05:00.
    const clockNow = END - 30 * 60_000;
    const clocked = createAnalyticsReader(store, createDatasetDirectory(catalog), {
      clock: new TestClock({ frozen: true, at: new Date(clockNow) }),
    });
    const report = await clocked.getGeography(accountId, undefined, { period: "7d" }, 500);
    const start = Math.floor((clockNow - 7 * DAY_MS) / DAY_MS) * DAY_MS;
    const expected = await countriesFromRaw(accountId, start, END);
    expect(Object.keys(expected).length).toBeGreaterThan(3);
    expect(Object.fromEntries(report.geography.countries.map((entry) => [entry.key, entry.clicks]))).toEqual(
      expected,
    );
  });
});
