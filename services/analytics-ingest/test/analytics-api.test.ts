import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { createGrpcClient } from "@kurz/grpc";
import { analyticsV1, clicksV1 } from "@kurz/proto";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClickInit, type IngestHarness, startIngestHarness } from "./ingest-harness";

const ACCOUNT = "6f1b1c3e-1111-4a5b-8c9d-000000000001";
const OTHER_ACCOUNT = "6f1b1c3e-2222-4a5b-8c9d-000000000002";
const PROMO = "0190a000-0000-7000-8000-000000000001";
const BRANDED = "0190a000-0000-7000-8000-000000000002";
const FOREIGN_PROMO = "0190a000-0000-7000-8000-000000000003";
const CAMPAIGN = "3f1c9d55-9a1e-4f3a-8d2b-1c2d3e4f5a6b";

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SLACKBOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

function times<T>(count: number, make: (i: number) => T): T[] {
  return Array.from({ length: count }, (_, i) => make(i));
}

const promo = {
  accountId: ACCOUNT,
  linkId: PROMO,
  host: "localhost",
  code: "promo",
  destinationUrl: "https://shop.example/",
};
const branded = {
  accountId: ACCOUNT,
  linkId: BRANDED,
  host: "go.brand.test",
  code: "spring",
  destinationUrl: "https://brand.example/spring",
  campaignId: CAMPAIGN,
  qr: true,
};

/** 6 GB desktop Chrome from Google, 4 BR iPhones from t.co tagged twitter, 2 Slackbots, 3 HEADs. */
const PROMO_CLICKS: ClickInit[] = [
  ...times(6, () => ({
    ...promo,
    ip: "81.2.69.142",
    userAgent: CHROME_WINDOWS,
    referrer: "https://www.google.com/",
  })),
  ...times(4, (i) => ({
    ...promo,
    ip: `200.160.2.${3 + i}`,
    userAgent: IPHONE,
    referrer: "https://t.co/abc",
    utm: { source: "twitter", medium: "social", campaign: "launch" },
  })),
  ...times(2, () => ({ ...promo, ip: "8.8.8.8", userAgent: SLACKBOT })),
  ...times(3, () => ({
    ...promo,
    ip: "81.2.69.142",
    userAgent: CHROME_WINDOWS,
    method: clicksV1.RequestMethod.HEAD,
  })),
];
/** 5 QR scans in Germany on a branded domain, in a campaign. */
const BRANDED_CLICKS: ClickInit[] = times(5, (i) => ({
  ...branded,
  ip: `5.9.0.${i + 1}`,
  userAgent: FIREFOX_LINUX,
}));
const FOREIGN_CLICKS: ClickInit[] = times(7, () => ({
  accountId: OTHER_ACCOUNT,
  linkId: FOREIGN_PROMO,
  host: "localhost",
  code: "promo",
  destinationUrl: "https://other.example/",
  ip: "133.242.0.3",
  userAgent: CHROME_WINDOWS,
}));

let h: IngestHarness;
let readToken: string;
let promoClickIds: string[];
let foreignClickIds: string[];

beforeAll(async () => {
  h = await startIngestHarness();
  promoClickIds = await h.publishClicks(PROMO_CLICKS);
  await h.publishClicks(BRANDED_CLICKS);
  foreignClickIds = await h.publishClicks(FOREIGN_CLICKS);
  await h.settle();
  readToken = await h.token(ACCOUNT, ["analytics:read", "conversion:write"]);
});

afterAll(async () => {
  await h?.close();
});

async function getJson(path: string, token = readToken) {
  const response = await h.app.http.app.inject({
    method: "GET",
    url: path,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
type Json = any;

function byKey(entries: Array<{ key: string }>): Record<string, Json> {
  return Object.fromEntries(entries.map(({ key, ...rest }) => [key, rest]));
}

describe("GET /api/v1/analytics/{id}", () => {
  it("reports a link's totals with humans, bots and HEAD requests apart, by code", async () => {
    const { status, body } = await getJson("/api/v1/analytics/promo?period=7d");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.analytics.links).toEqual([{ linkId: PROMO, host: "localhost", code: "promo" }]);
    expect(body.analytics.counts).toEqual({
      clicks: 10,
      uniqueVisitors: 5,
      bots: 2,
      headRequests: 3,
      totalRequests: 15,
      qrScans: 0,
    });
    const timeline = body.analytics.timeline as Array<{ clicks: number; bots: number; headRequests: number }>;
    expect(body.analytics.range.granularity).toBe("day");
    expect(timeline.length).toBeGreaterThanOrEqual(7);
    expect(timeline.length).toBeLessThanOrEqual(9);
    expect(timeline.reduce((sum, p) => sum + p.clicks, 0)).toBe(10);
    expect(timeline.reduce((sum, p) => sum + p.bots, 0)).toBe(2);
    expect(timeline.reduce((sum, p) => sum + p.headRequests, 0)).toBe(3);
  });

  it("answers the same for the link id", async () => {
    const byCode = await getJson("/api/v1/analytics/promo");
    const byId = await getJson(`/api/v1/analytics/${PROMO}`);
    expect(byId.body.analytics.counts).toEqual(byCode.body.analytics.counts);
  });

  it("answers a token without analytics:read with the insufficient-scope body", async () => {
    const token = await h.token(ACCOUNT, ["shorturl:read"]);
    const { status, body, headers } = await getJson("/api/v1/analytics/promo", token);
    expect(status).toBe(403);
    expect(body).toMatchObject({
      success: false,
      error: "Insufficient scope",
      required_scope: "analytics:read",
    });
    expect(headers["www-authenticate"]).toContain('error="insufficient_scope"');
  });

  it("refuses a request without a token with 401", async () => {
    const response = await h.app.http.app.inject({ method: "GET", url: "/api/v1/analytics/promo" });
    expect(response.statusCode).toBe(401);
  });

  it("only ever reads the calling account's rows, and refuses another account's link with 404", async () => {
    const other = await h.token(OTHER_ACCOUNT, ["analytics:read"]);
    const theirs = await getJson("/api/v1/analytics/promo", other);
    expect(theirs.body.analytics.counts.clicks).toBe(7);
    expect(theirs.body.analytics.links).toEqual([
      { linkId: FOREIGN_PROMO, host: "localhost", code: "promo" },
    ]);
    const mine = await getJson(`/api/v1/analytics/${FOREIGN_PROMO}`);
    expect(mine.status).toBe(404);
    expect(mine.body).toMatchObject({ success: false, code: "URL_NOT_FOUND" });
  });

  it("answers zeros for a real link without clicks, and 404 URL_NOT_FOUND for a link that does not exist", async () => {
    const fresh = uuidv7();
    h.resources.addLink(ACCOUNT, { linkId: fresh, code: "no-clicks-yet" });
    const { status, body } = await getJson("/api/v1/analytics/no-clicks-yet");
    expect(status).toBe(200);
    expect(body.analytics.links).toEqual([{ linkId: fresh, host: "localhost", code: "no-clicks-yet" }]);
    expect(body.analytics.counts.totalRequests).toBe(0);

    for (const path of ["/api/v1/analytics/never-created", `/api/v1/analytics/${uuidv7()}/geography`]) {
      const unknown = await getJson(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body, path).toMatchObject({ success: false, code: "URL_NOT_FOUND" });
    }
  });

  it("answers the complete report at the link's own address, the earlier counts and timeline included", async () => {
    const { body } = await getJson("/api/v1/analytics/promo?period=30d");
    const a = body.analytics;
    expect(a.range.granularity).toBe("day");
    expect(a.counts).toMatchObject({ clicks: 10, bots: 2, headRequests: 3 });
    expect(a.timeline.reduce((sum: number, p: { clicks: number }) => sum + p.clicks, 0)).toBe(10);
    expect(byKey(a.geography.countries)).toMatchObject({ GB: { clicks: 6 }, BR: { clicks: 4 } });
    expect(byKey(a.devices.browsers)).toMatchObject({
      Chrome: { clicks: 6 },
      "Mobile Safari": { clicks: 4 },
    });
    expect(byKey(a.devices.operatingSystems)).toMatchObject({ Windows: { clicks: 6 }, iOS: { clicks: 4 } });
    expect(byKey(a.referrers.hosts)).toMatchObject({ "google.com": { clicks: 6 }, "t.co": { clicks: 4 } });
    expect(byKey(a.utm.sources)).toMatchObject({ twitter: { clicks: 4 } });
    expect(a.trafficQuality.counts).toMatchObject({ clicks: 10, bots: 2 });
    expect(a.conversions.clicks).toBe(10);

    // A date range works there as on every other report.
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const ranged = (await getJson(`/api/v1/analytics/promo?startDate=${start}&endDate=${end}`)).body
      .analytics;
    expect(ranged.range.granularity).toBe("hour");
    expect(ranged.counts.clicks).toBe(10);
  });

  it("serves a link whose code is a word of the fixed routes", async () => {
    // "account" is reserved by link-api; "url" is a possible alias.
    const link = uuidv7();
    h.resources.addLink(ACCOUNT, { linkId: link, code: "url" });
    for (const path of ["/api/v1/analytics/url", "/api/v1/analytics/url/geography"]) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(200);
      expect(body.analytics.links, path).toEqual([{ linkId: link, host: "localhost", code: "url" }]);
    }
  });

  it("refuses an unknown period and unknown parameters with 400 VALIDATION_ERROR", async () => {
    for (const query of ["period=2w", "foo=1", "startDate=2024-05-01", "startDate=yesterday&endDate=today"]) {
      const { status, body } = await getJson(`/api/v1/analytics/promo/geography?${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("breakdowns", () => {
  it("counts clicks per country, region and city, with bots and HEADs in their own columns", async () => {
    const { body } = await getJson("/api/v1/analytics/promo/geography");
    const countries = byKey(body.analytics.geography.countries);
    expect(countries.GB).toMatchObject({
      clicks: 6,
      uniqueVisitors: 1,
      bots: 0,
      headRequests: 3,
      share: 0.6,
    });
    expect(countries.BR).toMatchObject({
      clicks: 4,
      uniqueVisitors: 4,
      bots: 0,
      headRequests: 0,
      share: 0.4,
    });
    expect(countries.US).toMatchObject({ clicks: 0, bots: 2, headRequests: 0 });
    const cities = body.analytics.geography.cities as Array<{ key: string; country: string; region: string }>;
    expect(cities.find((c) => c.key === "Bracknell")).toMatchObject({
      country: "GB",
      region: "England",
      clicks: 6,
    });
    expect(cities.find((c) => c.key === "Sao Paulo")).toMatchObject({ country: "BR", clicks: 4 });
  });

  it("counts device types, browsers and operating systems", async () => {
    const { body } = await getJson("/api/v1/analytics/promo/devices");
    const devices = body.analytics.devices;
    expect(byKey(devices.deviceTypes)).toMatchObject({
      desktop: { clicks: 6, headRequests: 3 },
      mobile: { clicks: 4 },
      bot: { clicks: 0, bots: 2 },
    });
    expect(byKey(devices.browsers)).toMatchObject({ Chrome: { clicks: 6 }, "Mobile Safari": { clicks: 4 } });
    expect(byKey(devices.operatingSystems)).toMatchObject({ Windows: { clicks: 6 }, iOS: { clicks: 4 } });
  });

  it("counts referrer hosts and categories", async () => {
    const { body } = await getJson("/api/v1/analytics/promo/referrers");
    expect(byKey(body.analytics.referrers.hosts)).toMatchObject({
      "google.com": { clicks: 6 },
      "t.co": { clicks: 4 },
      "": { clicks: 0, bots: 2 },
    });
    expect(byKey(body.analytics.referrers.categories)).toMatchObject({
      search: { clicks: 6 },
      social: { clicks: 4 },
    });
  });

  it("counts the request's UTM values", async () => {
    const { body } = await getJson("/api/v1/analytics/promo/utm");
    const utm = body.analytics.utm;
    expect(utm.taggedClicks).toBe(4);
    expect(utm.sources).toEqual([expect.objectContaining({ key: "twitter", clicks: 4, share: 0.4 })]);
    expect(utm.mediums).toEqual([expect.objectContaining({ key: "social", clicks: 4 })]);
    expect(utm.campaigns).toEqual([expect.objectContaining({ key: "launch", clicks: 4 })]);
    expect(utm.terms).toEqual([]);
  });

  it("reports traffic quality with bot reasons", async () => {
    const { body } = await getJson("/api/v1/analytics/promo/traffic-quality");
    const quality = body.analytics.quality;
    expect(quality.counts).toMatchObject({ clicks: 10, bots: 2, headRequests: 3 });
    expect(quality.botShare).toBeCloseTo(2 / 12);
    expect(quality.botReasons).toEqual([
      expect.objectContaining({ key: "user-agent:slackbot-linkexpanding", bots: 2 }),
    ]);
    expect(quality.directClicks).toBe(0);
  });

  it("pages click details newest first, humans only unless asked", async () => {
    const humans = await getJson("/api/v1/analytics/promo/clicks?limit=4&page=2");
    expect(humans.body.analytics.page).toEqual({ page: 2, limit: 4, total: 10 });
    expect(humans.body.analytics.clicks).toHaveLength(4);
    const all = await getJson("/api/v1/analytics/promo/clicks?includeBots=true&limit=100");
    expect(all.body.analytics.page.total).toBe(15);
    const detail = all.body.analytics.clicks[0];
    expect(detail).toMatchObject({
      link: { linkId: PROMO, code: "promo" },
      destinationUrl: "https://shop.example/",
    });
    expect(detail).not.toHaveProperty("ip");
    expect(JSON.stringify(all.body)).not.toContain("81.2.69.142");
  });

  it("answers the complete analytics of a date range in one document", async () => {
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const { status, body } = await getJson(
      `/api/v1/analytics/url/promo/overview?startDate=${start}&endDate=${end}`,
    );
    expect(status).toBe(200);
    const a = body.analytics;
    expect(a.counts.clicks).toBe(10);
    expect(a.range.granularity).toBe("hour");
    expect(byKey(a.geography.countries).GB.clicks).toBe(6);
    expect(a.trafficQuality.counts.bots).toBe(2);
    expect(a.utm.taggedClicks).toBe(4);
    expect(a.conversions.clicks).toBe(10);
  });
});

describe("account-wide reports", () => {
  it("gives the account overview with top links, countries and referrers", async () => {
    const { body } = await getJson("/api/v1/analytics/account/overview?period=30d");
    const a = body.analytics;
    expect(a.counts).toMatchObject({ clicks: 15, bots: 2, headRequests: 3, qrScans: 5 });
    expect(a.previous.clicks).toBe(0);
    expect(a.linksClicked).toBe(2);
    expect(a.topLinks.map((l: { link: { code: string } }) => l.link.code)).toEqual(["promo", "spring"]);
    expect(a.topLinks[1]).toMatchObject({ destinationUrl: "https://brand.example/spring" });
    expect(byKey(a.topCountries)).toMatchObject({ GB: { clicks: 6 }, DE: { clicks: 5 }, BR: { clicks: 4 } });
  });

  it("reports per domain, per campaign and QR scans", async () => {
    const domains = (await getJson("/api/v1/analytics/account/domains")).body.analytics.domains;
    expect(domains).toEqual([
      expect.objectContaining({
        host: "localhost",
        links: 1,
        counts: expect.objectContaining({ clicks: 10 }),
      }),
      expect.objectContaining({
        host: "go.brand.test",
        links: 1,
        counts: expect.objectContaining({ clicks: 5 }),
      }),
    ]);
    const campaign = (await getJson(`/api/v1/analytics/account/campaigns/${CAMPAIGN}`)).body.analytics;
    expect(campaign.counts.clicks).toBe(5);
    expect(campaign.links).toHaveLength(1);
    const qr = (await getJson("/api/v1/analytics/account/qr")).body.analytics;
    expect(qr.counts.clicks).toBe(5);
    expect(byKey(qr.countries).DE.clicks).toBe(5);
    expect(qr.links.map((l: { link: { linkId: string } }) => l.link.linkId)).toEqual([BRANDED]);
  });

  it("refuses a campaign or host that is not the caller's with 404 NOT_FOUND", async () => {
    const other = await h.token(OTHER_ACCOUNT, ["analytics:read"]);
    for (const path of [
      `/api/v1/analytics/account/campaigns/${CAMPAIGN}`,
      "/api/v1/analytics/account/domains?host=go.brand.test",
    ]) {
      expect((await getJson(path)).status, path).toBe(200);
      const theirs = await getJson(path, other);
      expect(theirs.status, path).toBe(404);
      expect(theirs.body, path).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
  });

  it("lists top links, links with UTM and recent activity", async () => {
    const top = (await getJson("/api/v1/analytics/account/top-links?limit=1")).body.analytics.links;
    expect(top).toHaveLength(1);
    expect(top[0].counts.clicks).toBe(10);
    const utmLinks = (await getJson("/api/v1/analytics/account/utm-links")).body.analytics;
    expect(utmLinks.page.total).toBe(1);
    expect(utmLinks.links[0]).toMatchObject({ taggedClicks: 4, topSource: "twitter", topMedium: "social" });
    const recent = (await getJson("/api/v1/analytics/account/recent?limit=3")).body.analytics.clicks;
    expect(recent).toHaveLength(3);
  });
});

describe("AnalyticsService over gRPC", () => {
  it("answers for the account its token proves and refuses calls that only claim one", async () => {
    const address = await h.app.grpc.listen("127.0.0.1", 0).then((port) => `127.0.0.1:${port}`);
    // The MCP gateway's tokens, minted by the test issuer: an API key of ACCOUNT stands behind them.
    const client = createGrpcClient(analyticsV1.AnalyticsService, address, {
      auth: { audience: "analytics-ingest", tokens: h.issuer.tokensFor("mcp-gateway", ["analytics:read"]) },
    });
    const forged = createGrpcClient(analyticsV1.AnalyticsService, address, { retry: { maxAttempts: 1 } });
    const asAccount = { actor: { apiKey: `acct:${ACCOUNT}` } };
    try {
      const stats = await client.getLinkStats(
        { link: "promo", period: analyticsV1.Period.PERIOD_30D },
        asAccount,
      );
      expect(stats.counts).toEqual(
        create(analyticsV1.ClickCountsSchema, {
          clicks: 10n,
          uniqueVisitors: 5n,
          bots: 2n,
          headRequests: 3n,
          totalRequests: 15n,
          qrScans: 0n,
        }),
      );
      const devices = await client.getDevices({ link: "promo" }, asAccount);
      expect(devices.devices?.browsers.find((b) => b.key === "Chrome")?.clicks).toBe(6n);
      await expect(
        forged.getLinkStats({ link: "promo" }, { metadata: { "x-kurz-account-id": ACCOUNT } }),
      ).rejects.toMatchObject({ code: "AUTHENTICATION_REQUIRED" });
      // The gateway's own token proves the gateway, not an account.
      await expect(client.getLinkStats({ link: "promo" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(
        client.recordConversion({ svcClickId: "x", eventName: "lead" }, asAccount),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_SCOPE" });
      // Another account's link is no link of this account's.
      await expect(client.getGeography({ link: FOREIGN_PROMO }, asAccount)).rejects.toMatchObject({
        code: "URL_NOT_FOUND",
      });
      await expect(client.getCampaignAnalytics({ campaignId: "nope" }, asAccount)).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
      });
    } finally {
      client.close();
      forged.close();
      await h.app.grpc.shutdown(1_000);
    }
  });
});

describe("POST /api/v1/conversions", () => {
  function post(body: unknown, headers: Record<string, string> = {}, token = readToken) {
    return h.app.http.app.inject({
      method: "POST",
      url: "/api/v1/conversions",
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: body as Record<string, unknown>,
    });
  }

  it("records a conversion attributed to the click's link, once per click and event", async () => {
    const clickId = promoClickIds[0] as string;
    const first = await post({
      svc_click_id: clickId,
      event_name: "purchase",
      value: 19.99,
      currency: "eur",
      metadata: { order: "A-1" },
    });
    expect(first.statusCode).toBe(201);
    const conversion = first.json().conversion;
    expect(conversion).toMatchObject({
      clickId,
      link: { linkId: PROMO, host: "localhost", code: "promo" },
      eventName: "purchase",
      value: 19.99,
      currency: "EUR",
      metadata: { order: "A-1" },
    });
    await h.settle();
    const again = await post({
      svc_click_id: clickId,
      event_name: "purchase",
      value: 19.99,
      currency: "EUR",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversion.conversionId).toBe(conversion.conversionId);

    // The legacy parameter name, another event name, a default currency.
    const signup = await post({ service_click_id: promoClickIds[1], event_name: "signup" });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().conversion).toMatchObject({ currency: "USD", value: null });
    // Several purchases on one click are told apart by the Idempotency-Key.
    const second = await post(
      { svc_click_id: clickId, event_name: "purchase", value: 5 },
      { "idempotency-key": "order-2" },
    );
    expect(second.statusCode).toBe(201);
    await h.settle();

    const stats = (await getJson("/api/v1/analytics/promo/conversions")).body.analytics.stats;
    expect(stats.conversions).toBe(3);
    expect(stats.clicks).toBe(10);
    expect(stats.conversionRate).toBeCloseTo(0.3);
    expect(byKey(stats.byEvent)).toMatchObject({ purchase: { conversions: 2 }, signup: { conversions: 1 } });
    expect(stats.values).toEqual(
      expect.arrayContaining([
        { currency: "EUR", value: 19.99 },
        { currency: "USD", value: 5 },
      ]),
    );
  });

  it("refuses bad input with 400 and the field, storing nothing", async () => {
    const clickId = promoClickIds[2] as string;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ event_name: "lead" }, "svc_click_id"],
      [{ svc_click_id: "not-a-uuid", event_name: "lead" }, "svc_click_id"],
      [{ svc_click_id: clickId, event_name: "" }, "event_name"],
      [{ svc_click_id: clickId, event_name: "lead", currency: "XYZ" }, "currency"],
      [{ svc_click_id: clickId, event_name: "lead", metadata: { blob: "x".repeat(5_000) } }, "metadata"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      if (response.json().details?.field) expect(response.json().details.field).toBe(field);
    }
    for (const payload of [
      { svc_click_id: clickId, event_name: "lead", value: "12" },
      { svc_click_id: clickId, event_name: "lead", extra: 1 },
    ]) {
      expect((await post(payload)).statusCode).toBe(400);
    }
    await h.settle();
    const stats = (await getJson("/api/v1/analytics/promo/conversions")).body.analytics.stats;
    expect(byKey(stats.byEvent).lead).toBeUndefined();
  });

  it("takes a report retried with the same Idempotency-Key once its click has arrived: a 404 is not replayed", async () => {
    const account = uuidv7();
    const token = await h.token(account, ["conversion:write"]);
    const clickId = uuidv7();
    const body = { svc_click_id: clickId, event_name: "purchase" };
    // Its click is still on its way (in the broker during an outage, say).
    const early = await post(body, { "idempotency-key": "late-1" }, token);
    expect(early.statusCode).toBe(404);
    await h.publishClicks([
      { accountId: account, linkId: uuidv7(), host: "localhost", code: "late", clickId },
    ]);
    await h.settle();
    const retried = await post(body, { "idempotency-key": "late-1" }, token);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("answers 404 for a click id it does not know, or one of another account", async () => {
    for (const clickId of [uuidv7(), foreignClickIds[0] as string]) {
      const response = await post({ svc_click_id: clickId, event_name: "lead" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("answers 404 at once for a UUIDv7 click id whose time no click can have (was a 500)", async () => {
    // Year ~10 000 and 1970: the time bounded a ClickHouse query it could not be written into.
    for (const clickId of ["e677ccf9-8b21-7469-bfff-ffe82941e7d0", "00000000-0001-7000-8000-000000000000"]) {
      const response = await post({ svc_click_id: clickId, event_name: "spring", currency: "JPY" });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("requires the conversion:write scope", async () => {
    const token = await h.token(ACCOUNT, ["analytics:read"]);
    const response = await post({ svc_click_id: promoClickIds[0], event_name: "lead" }, {}, token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ required_scope: "conversion:write" });
  });
});

describe("the documented report shapes", () => {
  // After the conversions above, so conversion groups are not empty.
  it("match every analytics route's real answer, member for member (the OpenAPI document cannot drift)", async () => {
    const params: Record<string, string> = { id: "promo", campaignId: CAMPAIGN, abTestId: uuidv7() };
    const routes = h.app.http
      .routes()
      // The click exports answer files, not JSON reports (click-export.test.ts).
      .filter(
        (route) =>
          route.method === "GET" &&
          route.url.startsWith("/api/v1/analytics/") &&
          !route.url.endsWith("/export"),
      );
    expect(routes.length).toBe(29);
    for (const route of routes) {
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? name);
      const { status, body } = await getJson(`${url}?period=7d`);
      expect(status, `${url}: ${JSON.stringify(body)}`).toBe(200);
      const responses = (route.schema?.response ?? {}) as Record<number, { parse(value: unknown): unknown }>;
      const schema = responses[200];
      // parse() throws on a missing member or a wrong type and drops members it does not know,
      // so equality also catches a member the document does not name.
      expect(schema?.parse(body), url).toEqual(body);
    }
  });
});

describe("the day coverage a report remembers", () => {
  // Last: it adds a click to an earlier day.
  it("counts a click written for an earlier day after the same report was read (the write moves the account's generation)", async () => {
    const path = "/api/v1/analytics/account/traffic-quality?period=7d";
    const before = (await getJson(path)).body.analytics.quality.counts.clicks as number;
    // Read twice: the second answer is planned from the remembered coverage.
    expect((await getJson(path)).body.analytics.quality.counts.clicks).toBe(before);
    await h.publishClicks([
      {
        ...promo,
        ip: "81.2.69.142",
        userAgent: CHROME_WINDOWS,
        clickedAt: timestampFromMs(Date.now() - 2 * 86_400_000),
      },
    ]);
    await h.settle();
    expect((await getJson(path)).body.analytics.quality.counts.clicks).toBe(before + 1);
  });

  it("counts a new link's clicks under a code already reported on (its first clicks move the account's links generation)", async () => {
    const path = "/api/v1/analytics/promo/traffic-quality?period=7d";
    const before = (await getJson(path)).body.analytics;
    // Read twice: the second answer takes the code's links from what was remembered.
    expect((await getJson(path)).body.analytics.quality.counts.clicks).toBe(before.quality.counts.clicks);
    const sameCode = "0190a000-0000-7000-8000-000000000009";
    await h.publishClicks([
      {
        accountId: ACCOUNT,
        linkId: sameCode,
        host: "go.other.test",
        code: "promo",
        destinationUrl: "https://shop.example/other",
        ip: "81.2.69.142",
        userAgent: CHROME_WINDOWS,
      },
    ]);
    await h.settle();
    const after = (await getJson(path)).body.analytics;
    expect(after.links.map((link: { linkId: string }) => link.linkId)).toContain(sameCode);
    expect(after.quality.counts.clicks).toBe(before.quality.counts.clicks + 1);
  });
});
