import { request } from "node:http";
import { waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedStack, startEmbeddedStack } from "./embedded-stack";

/** A poll's pace through the REST API: each read spends one of the account's 600 a minute. */
const PACED = 250;

const ACCOUNT = "7a2c9e41-0d5b-4c8e-9f3a-5b6c7d8e9f01";

/** Visitors: each request i takes the i-th entry of each list modulo its length. */
const IPS = [
  { ip: "81.2.69.142", country: "GB" },
  { ip: "200.160.2.3", country: "BR" },
  { ip: "5.9.0.1", country: "DE" },
  { ip: "133.242.0.3", country: "JP" },
];
const AGENTS = [
  {
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    device: "desktop",
    browser: "Chrome",
    os: "Windows",
  },
  {
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    device: "mobile",
    browser: "Mobile Safari",
    os: "iOS",
  },
  {
    ua: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
    device: "desktop",
    browser: "Firefox",
    os: "Linux",
  },
];
const REFERRERS = [
  { referrer: "https://www.google.com/", host: "google.com", category: "search" },
  { referrer: "https://t.co/x1", host: "t.co", category: "social" },
  { referrer: "", host: "", category: "direct" },
  { referrer: "https://blog.example.org/post", host: "blog.example.org", category: "referral" },
  { referrer: "https://www.google.com/", host: "google.com", category: "search" },
];
const BOTS = [
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Twitterbot/1.0",
];

const HUMANS = 300;
const HEADS = 30;
const BOT_REQUESTS = 24;

function visit(i: number) {
  const place = IPS[i % IPS.length]!;
  const agent = AGENTS[i % AGENTS.length]!;
  const ref = REFERRERS[i % REFERRERS.length]!;
  const tagged = i % 6 === 0;
  return { ...place, ...agent, ...ref, tagged };
}

function tally<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

let stack: EmbeddedStack;
let token: string;
let host: string;

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.edgeUrl}${path}`, { method, headers: { host, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.edgeUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  // A conversion reported right after its click waits for the click to be stored: 3 s by
  // default, which a loaded CI machine can take to write the click batch (the conversion was
  // then refused with 404). The bound only has to be generous; the wait is what is under test.
  stack = await startEmbeddedStack({ env: { CONVERSION_CLICK_WAIT_MS: "30000" } });
  token = await stack.token(ACCOUNT, [
    "shorturl:create",
    "shorturl:update",
    "analytics:read",
    "conversion:write",
  ]);
  // Short URLs of the standard host are on "localhost"; the edge sees the port as well.
  host = `localhost:${new URL(stack.edgeUrl).port}`;
});

afterAll(async () => {
  await stack?.stop();
});

describe("embedded: redirect → click events → ClickHouse → analytics API", () => {
  it("counts a few hundred visits exactly, per country, device, browser, referrer and UTM, bots and HEADs apart", async () => {
    const created = await api("POST", "/api/v1/urls", {
      url: "https://shop.example.com/landing",
      customAlias: "e2e-spring",
    });
    expect(created.status).toBe(201);
    const code = created.body.url.id as string;
    expect(code).toBe("e2e-spring");

    const visits = Array.from({ length: HUMANS }, (_, i) => visit(i));
    for (let i = 0; i < HUMANS; i += 25) {
      await Promise.all(
        visits.slice(i, i + 25).map(async (v) => {
          const query = v.tagged ? "?utm_source=newsletter&utm_medium=email&utm_campaign=spring" : "";
          const headers: Record<string, string> = { "user-agent": v.ua, "x-forwarded-for": v.ip };
          if (v.referrer) headers.referer = v.referrer;
          const response = await send("GET", `/${code}${query}`, headers);
          // The visit's UTM parameters go on to the landing page.
          expect(response).toEqual({ status: 301, location: `https://shop.example.com/landing${query}` });
        }),
      );
    }
    for (let i = 0; i < HEADS; i++) {
      const v = visit(i);
      expect((await send("HEAD", `/${code}`, { "user-agent": v.ua, "x-forwarded-for": v.ip })).status).toBe(
        301,
      );
    }
    for (let i = 0; i < BOT_REQUESTS; i++) {
      const ua = BOTS[i % BOTS.length]!;
      expect((await send("GET", `/${code}`, { "user-agent": ua, "x-forwarded-for": "8.8.8.8" })).status).toBe(
        301,
      );
    }

    const stats = await waitFor(async () => (await api("GET", `/api/v1/analytics/${code}`)).body.analytics, {
      until: (analytics) => analytics?.counts?.totalRequests === HUMANS + HEADS + BOT_REQUESTS,
      what: `every request (${HUMANS + HEADS + BOT_REQUESTS}) to reach ClickHouse`,
      intervalMs: PACED,
      timeoutMs: 60_000,
    });
    expect(stats.counts).toMatchObject({ clicks: HUMANS, bots: BOT_REQUESTS, headRequests: HEADS });
    expect(stats.counts.uniqueVisitors).toBe(12); // 4 IPs × 3 user agents

    const { body } = await api("GET", `/api/v1/analytics/url/${code}/overview`);
    const a = body.analytics;
    const entries = (list: Array<{ key: string; clicks: number }>) =>
      Object.fromEntries(list.filter((e) => e.clicks > 0).map((e) => [e.key, e.clicks]));
    expect(entries(a.geography.countries)).toEqual(tally(visits, (v) => v.country));
    expect(entries(a.devices.deviceTypes)).toEqual(tally(visits, (v) => v.device));
    expect(entries(a.devices.browsers)).toEqual(tally(visits, (v) => v.browser));
    expect(entries(a.devices.operatingSystems)).toEqual(tally(visits, (v) => v.os));
    expect(entries(a.referrers.hosts)).toEqual(tally(visits, (v) => v.host));
    expect(entries(a.referrers.categories)).toEqual(tally(visits, (v) => v.category));
    const tagged = visits.filter((v) => v.tagged).length;
    expect(a.utm.taggedClicks).toBe(tagged);
    expect(entries(a.utm.sources)).toEqual({ newsletter: tagged });
    expect(entries(a.utm.mediums)).toEqual({ email: tagged });
    expect(entries(a.utm.campaigns)).toEqual({ spring: tagged });

    // Bots and HEAD requests are counted apart, never as clicks.
    const us = a.geography.countries.find((c: { key: string }) => c.key === "US");
    expect(us).toMatchObject({ clicks: 0, bots: BOT_REQUESTS, headRequests: 0 });
    const heads = a.geography.countries.reduce(
      (s: number, c: { headRequests: number }) => s + c.headRequests,
      0,
    );
    expect(heads).toBe(HEADS);
    expect(a.trafficQuality.counts).toMatchObject({
      clicks: HUMANS,
      bots: BOT_REQUESTS,
      headRequests: HEADS,
    });
    expect(a.trafficQuality.botReasons.map((r: { key: string }) => r.key).sort()).toEqual([
      "user-agent:facebookexternalhit",
      "user-agent:googlebot",
      "user-agent:slackbot-linkexpanding",
      "user-agent:twitterbot",
    ]);
  });

  it("redirects a dynamic link to its new destination right after an update through link-api", async () => {
    const created = await api("POST", "/api/v1/urls", {
      url: "https://example.com/v1",
      customAlias: "e2e-edit",
      is_dynamic: true,
    });
    expect(created.status).toBe(201);
    expect((await send("GET", "/e2e-edit", {})).location).toBe("https://example.com/v1");
    const updated = await api("PATCH", "/api/v1/urls/e2e-edit", { url: "https://example.com/v2" });
    expect(updated.status).toBe(200);
    await waitFor(async () => (await send("GET", "/e2e-edit", {})).location, {
      until: (location) => location === "https://example.com/v2",
      what: "the update to reach the redirector",
    });
  });

  it("attributes a conversion reported with the click id of a conversion-tracked link", async () => {
    const created = await api("POST", "/api/v1/urls", {
      url: "https://shop.example.com/buy?ref=kurz",
      customAlias: "e2e-buy",
      conversion_tracking: true,
    });
    expect(created.status).toBe(201);
    const visitors = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        send("GET", "/e2e-buy", { "user-agent": AGENTS[0]!.ua, "x-forwarded-for": IPS[i]!.ip }),
      ),
    );
    const clickIds = visitors.map((v) => new URL(v.location ?? "").searchParams.get("svc_click_id") ?? "");
    expect(visitors[0]?.location).toMatch(
      /^https:\/\/shop\.example\.com\/buy\?ref=kurz&svc_click_id=[0-9a-f-]{36}$/,
    );
    expect(new Set(clickIds).size).toBe(4);

    // Reported right away: the conversion waits for its click to reach ClickHouse.
    const first = await api("POST", "/api/v1/conversions", {
      svc_click_id: clickIds[0],
      event_name: "purchase",
      value: 49.5,
      currency: "EUR",
    });
    expect(first.status).toBe(201);
    expect(first.body.conversion).toMatchObject({
      link: { code: "e2e-buy" },
      eventName: "purchase",
      currency: "EUR",
    });
    const repeat = await api("POST", "/api/v1/conversions", {
      svc_click_id: clickIds[0],
      event_name: "purchase",
    });
    expect(repeat.body.conversion.conversionId).toBe(first.body.conversion.conversionId);

    const stats = await waitFor(
      async () => (await api("GET", "/api/v1/analytics/e2e-buy/conversions")).body.analytics?.stats,
      {
        // Clicks and conversions are separate batches: either may be stored first.
        until: (stats) => stats?.conversions === 1 && stats?.clicks === 4,
        what: "the conversion and the four clicks to be stored",
        intervalMs: PACED,
      },
    );
    expect(stats).toMatchObject({
      conversions: 1,
      clicks: 4,
      conversionRate: 0.25,
      values: [{ currency: "EUR", value: 49.5 }],
    });
  });
});
