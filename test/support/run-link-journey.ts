import { request } from "node:http";
import { waitFor } from "@kurz/testing";
import { expect } from "vitest";
import { jsonApi, REST_POLL_MS } from "./json-api";
import { signInWithOAuth } from "./sign-in-with-oauth";

const SCOPE = "shorturl:create shorturl:read shorturl:update shorturl:delete analytics:read conversion:write";

const VISITORS = [
  {
    ip: "81.2.69.142",
    country: "GB",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    device: "desktop",
  },
  {
    ip: "200.160.2.3",
    country: "BR",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    device: "mobile",
  },
  {
    ip: "5.9.0.1",
    country: "DE",
    ua: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
    device: "desktop",
  },
];
const BOT_UA = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
const HUMAN_VISITS = 12;
const BOT_VISITS = 3;

interface Visit {
  status: number;
  location: string | undefined;
}

/** A visitor's request to a short URL: through the edge, with the short host in Host. */
function visit(
  edgeUrl: string,
  shortHost: string,
  path: string,
  headers: Record<string, string>,
): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const req = request(`${edgeUrl}${path}`, { headers: { host: shortHost, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * What one person does over a session, across every built service with nothing stood in:
 * OAuth sign-in (auth-server) → create a link (link-api, token verified against auth-server's
 * JWKS) → visitors redirect (redirector, link-api Resolve over gRPC) → exact counts in the
 * analytics (click events → analytics-ingest → ClickHouse) → a conversion attributed to its
 * click → the link deleted → its short URL answers 404.
 */
export async function runLinkJourney(edgeUrl: string, shortHost: string): Promise<void> {
  const user = await signInWithOAuth(edgeUrl, SCOPE);
  const api = jsonApi(edgeUrl, () => user.accessToken);

  const created = await api("POST", "/api/v1/urls", {
    url: "https://shop.example.com/spring?ref=flow",
    customAlias: `flow-${user.email.slice(5, 15)}`,
    conversion_tracking: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const code = created.body.url.id as string;

  const clickIds: string[] = [];
  for (let i = 0; i < HUMAN_VISITS; i++) {
    const visitor = VISITORS[i % VISITORS.length]!;
    const answer = await visit(edgeUrl, shortHost, `/${code}`, {
      "user-agent": visitor.ua,
      "x-forwarded-for": visitor.ip,
    });
    expect(answer.status).toBe(301);
    const location = new URL(answer.location ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://shop.example.com/spring");
    clickIds.push(location.searchParams.get("svc_click_id") ?? "");
  }
  for (let i = 0; i < BOT_VISITS; i++) {
    expect((await visit(edgeUrl, shortHost, `/${code}`, { "user-agent": BOT_UA })).status).toBe(301);
  }
  expect(new Set(clickIds).size).toBe(HUMAN_VISITS);

  const purchase = await api("POST", "/api/v1/conversions", {
    svc_click_id: clickIds[0],
    event_name: "purchase",
    value: 30,
    currency: "EUR",
  });
  expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);

  const counts = await waitFor(
    async () => (await api("GET", `/api/v1/analytics/${code}`)).body?.analytics?.counts,
    {
      until: (found) => found?.clicks === HUMAN_VISITS && found?.bots === BOT_VISITS,
      what: `every visit to be counted (${HUMAN_VISITS} clicks, ${BOT_VISITS} bots)`,
      intervalMs: REST_POLL_MS,
      timeoutMs: 60_000,
    },
  );
  expect(counts.uniqueVisitors).toBe(VISITORS.length);

  const conversions = await waitFor(
    async () => (await api("GET", `/api/v1/analytics/${code}/conversions`)).body?.analytics?.stats,
    {
      until: (stats) => stats?.conversions === 1,
      what: "the conversion to be attributed",
      intervalMs: REST_POLL_MS,
    },
  );
  expect(conversions).toMatchObject({ clicks: HUMAN_VISITS, values: [{ currency: "EUR", value: 30 }] });

  const overview = await api("GET", `/api/v1/analytics/url/${code}/overview`);
  expect(overview.status).toBe(200);
  const countries = Object.fromEntries(
    (overview.body.analytics.geography.countries as Array<{ key: string; clicks: number }>)
      .filter((entry) => entry.clicks > 0)
      .map((entry) => [entry.key, entry.clicks]),
  );
  expect(countries).toEqual({ GB: 4, BR: 4, DE: 4 });

  expect((await api("DELETE", `/api/v1/urls/${code}`)).status).toBeLessThan(300);
  await waitFor(
    async () => (await visit(edgeUrl, shortHost, `/${code}`, { "user-agent": VISITORS[0]!.ua })).status,
    {
      until: (status) => status === 404 || status === 410,
      what: "the deleted link's short URL to answer 404",
    },
  );
  expect((await api("GET", `/api/v1/urls/${code}`)).status).toBe(404);
}
