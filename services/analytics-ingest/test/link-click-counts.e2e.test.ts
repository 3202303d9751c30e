import { request } from "node:http";
import { isDeepStrictEqual } from "node:util";
import type { RepeatingTimer } from "@kurz/clock";
import { createGrpcClient } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedStack, startEmbeddedStack } from "./embedded-stack";

// link-api's links.clicks (sortBy=clicks, /urls/stats totalClicks) is fed by analytics-ingest's
// click-count feed. Clicks here flow for real: edge → redirector → bus → ingest → ClickHouse; the
// feed's timer is the test's, so "the interval passed" is a step of the test, not a sleep.

const ACCOUNT = "c1c1c1c1-0000-4000-8000-000000000001";
const OTHER_ACCOUNT = "c2c2c2c2-0000-4000-8000-000000000002";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SLACKBOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

/** A RepeatingTimer the test fires; it records the intervals asked for. */
function manualTimer() {
  const runs = new Set<{ intervalMs: number; run: () => Promise<void> }>();
  const timer: RepeatingTimer = {
    every(intervalMs, run) {
      const entry = { intervalMs, run };
      runs.add(entry);
      return () => runs.delete(entry);
    },
  };
  return {
    timer,
    intervals: () => [...runs].map((entry) => entry.intervalMs),
    /** The interval elapses: every run, awaited. */
    async elapse() {
      for (const entry of runs) await entry.run();
    },
  };
}

const clock = manualTimer();
let stack: EmbeddedStack;
let token: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.edgeUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

function visit(code: string, options: { method?: string; userAgent?: string } = {}): Promise<number> {
  const host = `localhost:${new URL(stack.edgeUrl).port}`;
  return new Promise((resolve, reject) => {
    const req = request(
      `${stack.edgeUrl}/${code}`,
      {
        method: options.method ?? "GET",
        headers: { host, "user-agent": options.userAgent ?? CHROME, "x-forwarded-for": "81.2.69.142" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function createLink(alias: string): Promise<string> {
  const created = await api("POST", "/api/v1/urls", {
    url: `https://shop.example/${alias}`,
    customAlias: alias,
  });
  expect(created.status).toBe(201);
  return created.body.url.id;
}

/** Human clicks the analytics report gives a code over its whole life (30 days covers this test). */
async function reportedClicks(code: string): Promise<number> {
  const { body } = await api("GET", `/api/v1/analytics/${code}?period=30d`);
  return body.analytics.counts.clicks;
}

/**
 * Each read of a poll below costs a request of the account's REST window (600 a minute, per
 * service): a read every 20 ms spent it in seconds on a fast run, and every later read, and the
 * test's own checks, were 429s until the next minute (a CI failure). Paced at 500 ms, three
 * reads a poll stay under 400 a minute however long the wait.
 */
const PACED = 500;

/** Waits until analytics has stored every request of these codes (humans, bots, HEADs). */
async function untilStored(expected: Record<string, number>): Promise<void> {
  await waitFor(
    async () => {
      const stored: Record<string, unknown> = {};
      for (const code of Object.keys(expected)) {
        const { body } = await api("GET", `/api/v1/analytics/${code}?period=30d`);
        stored[code] = body.analytics?.counts?.totalRequests ?? body;
      }
      return stored;
    },
    {
      until: (stored) => isDeepStrictEqual(stored, expected),
      what: `analytics to store every request: ${JSON.stringify(expected)}`,
      intervalMs: PACED,
      timeoutMs: 60_000,
    },
  );
}

/**
 * Lets push intervals pass until link-api lists `expected`, then checks it. One interval is not
 * always enough right after untilStored: a batch's rows show in reports a moment before its insert
 * returns (ClickHouse commits the table's part before its materialized views'), and the feed notes
 * a batch's links once the insert returned, so the interval after that is the one that pushes them.
 */
async function elapseUntilListed(query: string, expected: Array<[string, number]>): Promise<void> {
  await waitFor(
    async () => {
      await clock.elapse();
      return listedClicks(query);
    },
    {
      until: (listed) => isDeepStrictEqual(listed, expected),
      what: `link-api to list ${JSON.stringify(expected)}`,
      intervalMs: PACED,
    },
  );
}

async function listedClicks(query: string): Promise<Array<[string, number]>> {
  const { status, body } = await api("GET", `/api/v1/urls?${query}`);
  expect(status).toBe(200);
  return body.urls.map((url: { id: string; clicks: number }) => [url.id, url.clicks]);
}

beforeAll(async () => {
  stack = await startEmbeddedStack({ analytics: { clickCountTimer: clock.timer } });
  token = await stack.token(ACCOUNT, ["shorturl:create", "shorturl:read", "qrcode:create", "analytics:read"]);
});

afterAll(async () => {
  await stack?.stop();
});

describe("links.clicks, fed from analytics", () => {
  it("sorts links by human clicks and totals them in /urls/stats once a push interval has passed", async () => {
    // The default interval, which bounds how far links.clicks trails the clicks (README).
    expect(clock.intervals()).toEqual([30_000]);
    await createLink("quiet");
    await createLink("popular");
    await createLink("modest");
    const qr = await api("POST", "/api/v1/qr-codes", { content: "https://shop.example/menu", dynamic: true });
    expect(qr.status).toBe(201);
    const qrCode = qr.body.qrCode.shortCode as string;

    for (let i = 0; i < 5; i++) expect(await visit("popular")).toBe(301);
    for (let i = 0; i < 2; i++) expect(await visit("modest")).toBe(301);
    // Bots and HEAD requests are stored but are no clicks: "modest" stays behind "popular".
    for (let i = 0; i < 4; i++) expect(await visit("modest", { userAgent: SLACKBOT })).toBe(301);
    for (let i = 0; i < 4; i++) expect(await visit("modest", { method: "HEAD" })).toBe(301);
    // A visit of a dynamic QR code's link is a scan, and a human click like any other.
    expect(await visit(qrCode)).toBe(302);
    await untilStored({ popular: 5, modest: 10, [qrCode]: 1 });

    // Stored in analytics, not yet pushed: link-api has not been told.
    expect((await api("GET", "/api/v1/urls/stats")).body.stats.totalClicks).toBe(0);

    await elapseUntilListed("sortBy=clicks", [
      ["popular", 5],
      ["modest", 2],
      [qrCode, 1],
      ["quiet", 0],
    ]);
    expect(await listedClicks("sortBy=clicks&order=asc")).toEqual([
      ["quiet", 0],
      [qrCode, 1],
      ["modest", 2],
      ["popular", 5],
    ]);
    expect((await api("GET", "/api/v1/urls/stats")).body.stats.totalClicks).toBe(8);
    // The same number the analytics report gives for each link.
    for (const [code, clicks] of await listedClicks("sortBy=clicks")) {
      expect(await reportedClicks(code), code).toBe(clicks);
    }
  });

  it("pushes absolute totals: a repeated push changes nothing, new clicks move the count at the next interval", async () => {
    // Every link clicked in the last day, pushed again (what a restart's catch-up does).
    expect(await stack.analytics!.clickCounts!.catchUp()).toBe(3);
    await clock.elapse();
    expect(await listedClicks("sortBy=clicks&limit=2")).toEqual([
      ["popular", 5],
      ["modest", 2],
    ]);

    for (let i = 0; i < 4; i++) expect(await visit("modest")).toBe(301);
    await untilStored({ modest: 14 });
    await elapseUntilListed("sortBy=clicks&limit=2", [
      ["modest", 6],
      ["popular", 5],
    ]);
    expect((await api("GET", "/api/v1/urls/stats")).body.stats.totalClicks).toBe(12);
  });

  it("keeps the larger total when replicas push out of order, and only takes totals from analytics-ingest for the named account's link", async () => {
    const { body } = await api("GET", "/api/v1/urls/modest");
    const linkId = body.url.linkId as string;
    // analytics-ingest's own service token, as its feed sends it.
    const clickCounts = createGrpcClient(linksV1.ClickCountService, stack.linkApi.grpcAddress, {
      auth: { audience: "link-api", tokens: stack.issuer.tokensFor("analytics-ingest") },
    });
    const otherService = createGrpcClient(linksV1.ClickCountService, stack.linkApi.grpcAddress, {
      auth: { audience: "link-api", tokens: stack.issuer.tokensFor("redirector") },
      retry: { maxAttempts: 1 },
    });
    try {
      // Only analytics-ingest counts clicks: another service's token is refused.
      await expect(
        otherService.setClickCounts({ counts: [{ linkId, accountId: ACCOUNT, clicks: 1_000n }] }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      // A slower replica's older total arrives after the newer one: it is not stored.
      const older = await clickCounts.setClickCounts({
        counts: [{ linkId, accountId: ACCOUNT, clicks: 2n }],
      });
      expect(older.updated).toBe(0);
      // A link id paired with another account is not that account's link: nothing changes.
      const foreign = await clickCounts.setClickCounts({
        counts: [{ linkId, accountId: OTHER_ACCOUNT, clicks: 1_000n }],
      });
      expect(foreign.updated).toBe(0);
    } finally {
      clickCounts.close();
      otherService.close();
    }
    expect((await api("GET", "/api/v1/urls/modest")).body.url.clicks).toBe(6);
  });
});
