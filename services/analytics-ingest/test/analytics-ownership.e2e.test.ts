import { request } from "node:http";
import { createGrpcClient } from "@kurz/grpc";
import { analyticsV1 } from "@kurz/proto";
import { type AccountsClient, accountsClient, waitFor } from "@kurz/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedStack, startEmbeddedStack } from "./embedded-stack";

/** A poll's pace through the REST API: each read spends one of the account's 600 a minute. */
const PACED = 250;

// Analytics only ever saw clicks; link-api owns links, campaigns and domains. These tests run the
// real link-api (embedded), so "unknown" and "another account's" are its answers, not a fixture's.

const ALICE = "0a11ce00-0000-4000-8000-000000000001";
const BOB = "0b0b0000-0000-4000-8000-000000000002";
const SCOPES = [
  "shorturl:create",
  "shorturl:read",
  "qrcode:create",
  "campaign:write",
  "domain:write",
  "analytics:read",
];
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** Every per-link report route: {id} is a link id or a code of the caller. */
const LINK_ROUTES = [
  "/api/v1/analytics/{id}",
  "/api/v1/analytics/{id}/geography",
  "/api/v1/analytics/{id}/devices",
  "/api/v1/analytics/{id}/referrers",
  "/api/v1/analytics/{id}/utm",
  "/api/v1/analytics/{id}/timeline",
  "/api/v1/analytics/{id}/clicks",
  "/api/v1/analytics/{id}/traffic-quality",
  "/api/v1/analytics/{id}/conversions",
  "/api/v1/analytics/{id}/qr",
  "/api/v1/analytics/{id}/complete",
  "/api/v1/analytics/url/{id}/overview",
];

type AnalyticsClient = AccountsClient<typeof analyticsV1.AnalyticsService.method>;

let stack: EmbeddedStack;
let analytics: AnalyticsClient;
let closeAnalytics: (() => void) | undefined;
const tokens: Record<string, string> = {};
/** Alice's resources, made through link-api's REST API. */
let link: { code: string; linkId: string };
let qrLink: { code: string; linkId: string };
let campaignId: string;
let subdomainHost: string;

async function api(account: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.edgeUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[account]}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A visitor's GET of a short link through the edge (standard host). */
function visit(code: string): Promise<number> {
  const host = `localhost:${new URL(stack.edgeUrl).port}`;
  return new Promise((resolve, reject) => {
    const req = request(
      `${stack.edgeUrl}/${code}`,
      {
        headers: { host, "user-agent": CHROME, "x-forwarded-for": "81.2.69.142", referer: "https://t.co/x" },
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

beforeAll(async () => {
  stack = await startEmbeddedStack();
  for (const account of [ALICE, BOB]) tokens[account] = await stack.token(account, SCOPES);
  // As mcp-gateway calls it: { accountId } stands for an API key of that account (accountsClient).
  const client = createGrpcClient(analyticsV1.AnalyticsService, stack.analytics!.grpcAddress, {
    auth: {
      audience: "analytics-ingest",
      tokens: stack.issuer.tokensFor("mcp-gateway", ["analytics:read", "qrcode:update"]),
    },
  });
  closeAnalytics = () => client.close();
  analytics = accountsClient(client);

  const created = await api(ALICE, "POST", "/api/v1/urls", {
    url: "https://alice.example/",
    customAlias: "alice-promo",
  });
  expect(created.status).toBe(201);
  link = { code: created.body.url.id, linkId: created.body.url.linkId };
  const qr = await api(ALICE, "POST", "/api/v1/qr-codes", {
    content: "https://alice.example/menu",
    dynamic: true,
  });
  expect(qr.status).toBe(201);
  const qrUrl = await api(ALICE, "GET", `/api/v1/urls/${qr.body.qrCode.shortCode}`);
  qrLink = { code: qrUrl.body.url.id, linkId: qrUrl.body.url.linkId };
  const campaign = await api(ALICE, "POST", "/api/v1/campaigns", { name: "Alice's spring" });
  expect(campaign.status).toBe(201);
  campaignId = campaign.body.campaign.id;
  const subdomain = await api(ALICE, "POST", "/api/v1/domains/subdomains", { subdomain: "alice-shop" });
  expect(subdomain.status).toBe(201);
  subdomainHost = subdomain.body.subdomain.host;
});

afterAll(async () => {
  closeAnalytics?.();
  await stack?.stop();
});

describe("analytics of a link, campaign or domain that is not the caller's", () => {
  it("answers 404 URL_NOT_FOUND on every per-link route for a link nobody has", async () => {
    for (const ref of [uuidv7(), "never-created"]) {
      for (const route of LINK_ROUTES) {
        const path = route.replace("{id}", ref);
        const { status, body } = await api(ALICE, "GET", path);
        expect(status, path).toBe(404);
        expect(body, path).toMatchObject({ success: false, code: "URL_NOT_FOUND" });
      }
    }
  });

  it("answers 404 URL_NOT_FOUND on every per-link route for another account's link, by id and by code", async () => {
    for (const ref of [link.linkId, link.code]) {
      for (const route of LINK_ROUTES) {
        const path = route.replace("{id}", ref);
        const { status, body } = await api(BOB, "GET", path);
        expect(status, path).toBe(404);
        expect(body, path).toMatchObject({ success: false, code: "URL_NOT_FOUND" });
      }
    }
    // The owner, meanwhile, gets a report of zeros for the link that has no clicks yet.
    const own = await api(ALICE, "GET", `/api/v1/analytics/${link.code}`);
    expect(own.status).toBe(200);
    expect(own.body.analytics.links).toEqual([{ linkId: link.linkId, host: "localhost", code: link.code }]);
    expect(own.body.analytics.counts.totalRequests).toBe(0);
  });

  it("answers NOT_FOUND over gRPC for another account's link, campaign and host", async () => {
    const asBob = { accountId: BOB };
    const range = { period: analyticsV1.Period.PERIOD_30D };
    for (const call of [
      () => analytics.getLinkStats({ link: link.linkId }, asBob),
      () => analytics.getGeography({ link: link.code, range }, asBob),
      () => analytics.getCompleteAnalytics({ link: link.linkId, range }, asBob),
      () => analytics.listClickDetails({ link: link.linkId, range }, asBob),
      () => analytics.getQrAnalytics({ link: qrLink.linkId, range }, asBob),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "URL_NOT_FOUND" });
    }
    await expect(analytics.getCampaignAnalytics({ campaignId, range }, asBob)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(analytics.getDomainAnalytics({ host: subdomainHost, range }, asBob)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // The owner is answered.
    const own = await analytics.getCampaignAnalytics({ campaignId, range }, { accountId: ALICE });
    expect(own.counts?.clicks).toBe(0n);
  });

  it("answers 404 NOT_FOUND for another account's or an unknown campaign and host over REST", async () => {
    for (const path of [
      `/api/v1/analytics/account/campaigns/${campaignId}`,
      `/api/v1/analytics/account/domains?host=${subdomainHost}`,
    ]) {
      expect((await api(ALICE, "GET", path)).status, path).toBe(200);
      const theirs = await api(BOB, "GET", path);
      expect(theirs.status, path).toBe(404);
      expect(theirs.body, path).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
    for (const path of [
      `/api/v1/analytics/account/campaigns/${uuidv7()}`,
      "/api/v1/analytics/account/domains?host=nobody.example",
    ]) {
      const { status, body } = await api(ALICE, "GET", path);
      expect(status, path).toBe(404);
      expect(body, path).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
    // The standard host is every account's.
    expect((await api(BOB, "GET", "/api/v1/analytics/account/domains?host=localhost")).status).toBe(200);
  });
});

describe("GET /api/v1/analytics/{id}", () => {
  it("answers the link's complete report: counts, timeline, geography, devices, referrers, UTM and bots", async () => {
    for (let i = 0; i < 3; i++) expect(await visit(`${link.code}?utm_source=newsletter`)).toBe(301);
    const report = async () => (await api(ALICE, "GET", `/api/v1/analytics/${link.code}`)).body.analytics;
    await waitFor(report, {
      until: (analytics) => analytics?.counts?.clicks === 3,
      what: "the three visits to be counted",
      intervalMs: PACED,
      timeoutMs: 60_000,
    });
    // Asked again: the report's sections are separate statements, so one answered while the
    // visits were still being written can count them in one section and not yet in another.
    const complete = await report();
    const entries = (list: Array<{ key: string; clicks: number }>) =>
      Object.fromEntries(list.filter((e) => e.clicks > 0).map((e) => [e.key, e.clicks]));
    expect(complete.timeline.reduce((sum: number, p: { clicks: number }) => sum + p.clicks, 0)).toBe(3);
    expect(entries(complete.geography.countries)).toEqual({ GB: 3 });
    expect(entries(complete.devices.browsers)).toEqual({ Chrome: 3 });
    expect(entries(complete.devices.operatingSystems)).toEqual({ Windows: 3 });
    expect(entries(complete.referrers.hosts)).toEqual({ "t.co": 3 });
    expect(entries(complete.utm.sources)).toEqual({ newsletter: 3 });
    expect(complete.trafficQuality.counts).toMatchObject({ clicks: 3, bots: 0, headRequests: 0 });
    expect(complete.conversions).toMatchObject({ conversions: 0, clicks: 3 });
  });
});

describe("trackQrScan", () => {
  it("refuses another account's QR link and records nothing; the owner's scan is counted once", async () => {
    const scan = { linkId: qrLink.linkId, host: "localhost", code: qrLink.code, userAgent: CHROME };
    await expect(analytics.trackQrScan(scan, { accountId: BOB })).rejects.toMatchObject({
      code: "URL_NOT_FOUND",
    });
    // A made-up link id is refused the same way.
    await expect(
      analytics.trackQrScan({ ...scan, linkId: uuidv7() }, { accountId: ALICE }),
    ).rejects.toMatchObject({ code: "URL_NOT_FOUND" });
    // An own link that no QR code points to is no QR scan.
    await expect(
      analytics.trackQrScan({ ...scan, linkId: link.linkId }, { accountId: ALICE }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });

    // The owner's scan is keyed by the same link as a wrongly accepted one would have been, and
    // comes after it: once it is counted, anything published before it is counted too.
    const { clickId } = await analytics.trackQrScan(
      { ...scan, host: "made-up.example", code: "made-up" },
      { accountId: ALICE },
    );
    expect(clickId).toMatch(/^[0-9a-f-]{36}$/);
    const scans = await waitFor(
      async () => (await api(ALICE, "GET", `/api/v1/analytics/${qrLink.linkId}/qr`)).body.analytics,
      {
        until: (analytics) => analytics?.counts?.clicks > 0,
        what: "the owner's scan to be counted",
        intervalMs: PACED,
        timeoutMs: 60_000,
      },
    );
    expect(scans.counts.clicks).toBe(1);
    // Recorded with link-api's host and code, not the caller's.
    expect(scans.links.map((l: { link: { host: string; code: string } }) => l.link)).toEqual([
      { linkId: qrLink.linkId, host: "localhost", code: qrLink.code },
    ]);
    const bobs = await api(BOB, "GET", "/api/v1/analytics/account/qr");
    expect(bobs.body.analytics.counts.totalRequests).toBe(0);
  });
});
