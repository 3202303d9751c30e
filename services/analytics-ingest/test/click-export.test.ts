import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { clicksV1 } from "@kurz/proto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDataset } from "../bench/analytics/build-dataset";
import { createCatalog, generateBatches } from "../bench/analytics/generate-clicks";
import { resolveTimeRange } from "../src/analytics/resolve-time-range";
import { clickDetailOfCells } from "../src/queries/click-detail-of-row";
import { exportClickPages } from "../src/queries/export-click-pages";
import { type ClickInit, type IngestHarness, startIngestHarness } from "./ingest-harness";

const ACCOUNT = "6f1b1c3e-3333-4a5b-8c9d-000000000003";
const OTHER_ACCOUNT = "6f1b1c3e-4444-4a5b-8c9d-000000000004";
const LINK = "0190a000-0000-7000-8000-000000000011";
const SECOND = "0190a000-0000-7000-8000-000000000012";
const FOREIGN = "0190a000-0000-7000-8000-000000000013";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SLACKBOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
const DAY_MS = 86_400_000;

const link = {
  accountId: ACCOUNT,
  linkId: LINK,
  host: "localhost",
  code: "exp",
  destinationUrl: "https://a.example/",
};
const second = {
  accountId: ACCOUNT,
  linkId: SECOND,
  host: "go.brand.test",
  code: "two",
  destinationUrl: "https://b.example/",
  qr: true,
};
/** One instant for several clicks: the export's cursor must break the tie by click id. */
const SAME_MS = Math.floor(Date.now() / 1000) * 1000 - 60_000;

const CLICKS: ClickInit[] = [
  // Visitor-supplied text that a spreadsheet would run, or that breaks naive CSV.
  {
    ...link,
    ip: "81.2.69.142",
    userAgent: CHROME,
    referrer: "https://t.co/abc",
    utm: { source: "=cmd()", medium: 'a,"b"', campaign: "@sum(1)", term: "+1", content: "ü 日本 🎉" },
  },
  ...Array.from({ length: 6 }, (_, i) => ({
    ...link,
    ip: `200.160.2.${i + 1}`,
    userAgent: CHROME,
    clickedAt: timestampFromMs(SAME_MS),
  })),
  { ...link, ip: "8.8.8.8", userAgent: SLACKBOT },
  { ...link, ip: "81.2.69.142", userAgent: CHROME, method: clicksV1.RequestMethod.HEAD },
  { ...second, ip: "5.9.0.1", userAgent: CHROME },
  // Outside the default 7 days, inside 30.
  { ...link, ip: "5.9.0.2", userAgent: CHROME, clickedAt: timestampFromMs(Date.now() - 10 * DAY_MS) },
];

let h: IngestHarness;
let token: string;

beforeAll(async () => {
  h = await startIngestHarness();
  await h.publishClicks(CLICKS);
  await h.publishClicks([
    {
      accountId: OTHER_ACCOUNT,
      linkId: FOREIGN,
      host: "localhost",
      code: "exp",
      ip: "1.1.1.1",
      userAgent: CHROME,
    },
  ]);
  await h.settle();
  token = await h.token(ACCOUNT, ["analytics:read"]);
});

afterAll(async () => {
  await h?.close();
});

async function get(path: string, bearer = token) {
  return h.app.http.app.inject({ method: "GET", url: path, headers: { authorization: `Bearer ${bearer}` } });
}

function parseCsv(body: string): Record<string, string>[] {
  return parse(body, { columns: true, record_delimiter: "\r\n" });
}

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
type Json = any;

/** The clicks as the click list shows them (oldest first, as the export). */
async function listed(path: string): Promise<Json[]> {
  const response = await get(`${path}?includeBots=true&limit=100&period=30d`);
  expect(response.statusCode).toBe(200);
  return [...response.json().analytics.clicks].reverse();
}

describe("exporting clicks", () => {
  it("streams a link's clicks as CSV that parses back to the stored values, formulas prefixed with '", async () => {
    const response = await get("/api/v1/analytics/exp/clicks/export?period=30d");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="kurz-clicks-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = parseCsv(response.body);
    const clicks = await listed("/api/v1/analytics/exp/clicks");
    expect(records).toHaveLength(10);
    const unprefix = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
    expect(records).toEqual(
      clicks.map((c: Json) => ({
        clicked_at: c.clickedAt,
        click_id: c.clickId,
        link_id: c.link.linkId,
        code: c.link.code,
        host: c.link.host,
        method: c.method,
        bot: String(c.bot),
        bot_reason: c.botReason,
        qr: String(c.qr),
        country: c.country,
        region: c.region,
        city: c.city,
        device_type: c.deviceType,
        browser: c.browser,
        browser_version: c.browserVersion,
        os: c.os,
        os_version: c.osVersion,
        referrer: c.referrer,
        referrer_host: c.referrerHost,
        referrer_category: c.referrerCategory,
        utm_source: unprefix(c.utmSource),
        utm_medium: c.utmMedium,
        utm_campaign: unprefix(c.utmCampaign),
        utm_term: unprefix(c.utmTerm),
        utm_content: c.utmContent,
        ab_test_id: c.abTestId,
        variant_id: c.variantId,
        campaign_id: c.campaignId,
        destination_url: c.destinationUrl,
      })),
    );
    const tagged = records.find((r) => r.utm_medium === 'a,"b"');
    expect(tagged).toMatchObject({
      utm_source: "'=cmd()",
      utm_campaign: "'@sum(1)",
      utm_term: "'+1",
      utm_content: "ü 日本 🎉",
    });
    expect(response.body).not.toContain("81.2.69.142");
    expect(response.body).not.toContain("Mozilla");
  });

  it("keeps the period of the other reports: 7 days by default", async () => {
    const response = await get("/api/v1/analytics/exp/clicks/export");
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body)).toHaveLength(9);
  });

  it("streams the account's clicks as JSON lines, bots left out when asked", async () => {
    const response = await get("/api/v1/analytics/account/clicks/export?format=jsonl&includeBots=false");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/x-ndjson");
    const lines = response.body.split("\n");
    expect(lines.pop()).toBe("");
    const objects = lines.map((line) => JSON.parse(line));
    const humans = (await listed("/api/v1/analytics/account/clicks")).filter(
      (c: Json) => !c.bot && c.method !== "HEAD" && Date.parse(c.clickedAt) > Date.now() - 8 * DAY_MS,
    );
    // In the table's order: by link, each link's clicks oldest first (a stable sort keeps that).
    expect(objects).toEqual(
      [...humans].sort((a: Json, b: Json) =>
        a.link.linkId < b.link.linkId ? -1 : a.link.linkId > b.link.linkId ? 1 : 0,
      ),
    );
    expect(objects.map((o) => o.link.linkId).sort()).toEqual([...Array(7).fill(LINK), SECOND]);
  });

  it("answers 401 without a token, 403 without analytics:read, 404 for another account's link", async () => {
    const anonymous = await h.app.http.app.inject({
      method: "GET",
      url: "/api/v1/analytics/account/clicks/export",
    });
    expect(anonymous.statusCode).toBe(401);
    const narrow = await get(
      "/api/v1/analytics/account/clicks/export",
      await h.token(ACCOUNT, ["conversion:write"]),
    );
    expect(narrow.statusCode).toBe(403);
    const foreign = await get(`/api/v1/analytics/${FOREIGN}/clicks/export`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers["content-type"]).toMatch(/application\/json/);
    const bad = await get("/api/v1/analytics/account/clicks/export?format=xml");
    expect(bad.statusCode).toBe(400);
  });

  it("reads every click of a scope once in keyset pages, ties of one millisecond included", async () => {
    const range = resolveTimeRange({ period: "30d" });
    const all: string[] = [];
    let pages = 0;
    for await (const page of exportClickPages(
      h.store,
      { accountId: ACCOUNT, range },
      { includeBots: true, pageSize: 4 },
    )) {
      pages += 1;
      all.push(...page.map((cells) => clickDetailOfCells(cells).clickId));
    }
    expect(pages).toBe(3);
    expect(all).toHaveLength(11);
    expect(new Set(all).size).toBe(11);
    const listedIds = (await listed("/api/v1/analytics/account/clicks"))
      .sort((a: Json, b: Json) =>
        a.link.linkId < b.link.linkId ? -1 : a.link.linkId > b.link.linkId ? 1 : 0,
      )
      .map((c: Json) => c.clickId);
    expect(all).toEqual(listedIds);
  });
  it("aborts the response when the click store fails mid-stream: never a shorter file that looks complete", async () => {
    // 40,000 generated clicks of one account in the last day: 4 pages, ~25 MB of JSON lines,
    // far more than the socket buffers hold while the client does not read.
    const options = { clicks: 40_000, seed: 7, endMs: Date.now(), days: 1, accounts: 1 };
    const catalog = createCatalog(options);
    await insertDataset(h.store, generateBatches(options, catalog));
    const account = catalog.accounts[0]?.accountId ?? "";
    await h.app.http.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = h.app.http.app.server.address() as AddressInfo;
    const bearer = await h.token(account, ["analytics:read"]);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v1/analytics/account/clicks/export?format=jsonl&period=7d",
          headers: { authorization: `Bearer ${bearer}` },
        },
        resolve,
      )
        .on("error", reject)
        .end();
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once("data", resolve));
    response.pause();
    await h.store.client.command({ query: "RENAME TABLE clicks_v1 TO clicks_v1_away" });
    try {
      let lines = 0;
      const complete = await new Promise<boolean>((resolve) => {
        response.on("data", (chunk: Buffer) => {
          lines += chunk.toString("utf8").split("\n").length - 1;
        });
        response.on("error", () => resolve(response.complete));
        response.on("close", () => resolve(response.complete));
        response.resume();
      });
      expect(complete).toBe(false);
      expect(lines).toBeLessThan(40_000);
    } finally {
      await h.store.client.command({ query: "RENAME TABLE clicks_v1_away TO clicks_v1" });
    }
  });
});
