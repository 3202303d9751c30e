import { request } from "node:http";
import type { TestClock } from "@kurz/clock";
import { waitFor } from "@kurz/testing";
import { expect } from "vitest";
import { jsonApi, REST_POLL_MS } from "./json-api";
import { signInWithOAuth } from "./sign-in-with-oauth";

const SCOPE = "shorturl:create shorturl:read shorturl:update analytics:read";
/** Past every one-minute boundary: the signing keys' reload age, the REST rate window. */
const ROUND_MS = 61_000;
/** A hang guard for one request, not a speed assertion (a loaded CI machine is slow, not broken). */
const REQUEST_BOUND_MS = 60_000;

const VISITS_PER_ROUND = 5;
const UA = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";

function visit(
  edgeUrl: string,
  shortHost: string,
  code: string,
): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${edgeUrl}/${code}`,
      { headers: { host: shortHost, "user-agent": UA, "x-forwarded-for": "5.9.0.1" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The `r` (remaining) of an IETF RateLimit field: `"default";r=42;t=18`. */
function remainingOf(header: string | null): number {
  const match = /;r=(\d+)/.exec(header ?? "");
  if (!match) throw new Error(`no RateLimit field with r= in ${header}`);
  return Number(match[1]);
}

/**
 * A user's afternoon, compressed: every round moves the shared clock past a minute — the
 * signing keys' reload age, the REST rate window, the redirector's link cache TTL, the
 * negative-cache TTL — then does what a user does: a refresh, a brand-new OAuth sign-in (the
 * grant that once froze), an edit of a dynamic link, visits, exact counts, the health of all.
 */
export async function runSoakRounds(
  edgeUrl: string,
  shortHost: string,
  clock: TestClock,
  rounds: number,
): Promise<void> {
  const user = await signInWithOAuth(edgeUrl, SCOPE);
  let accessToken = user.accessToken;
  let refreshToken = user.refreshToken ?? "";
  expect(refreshToken).not.toBe("");
  const api = jsonApi(edgeUrl, () => accessToken);

  const created = await api("POST", "/api/v1/urls", { url: "https://example.com/round-0", is_dynamic: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const dynamicCode = created.body.url.id as string;
  // Every human GET that redirects is one click: count each, the waits' polls included.
  let visits = 0;
  const visitDynamic = async () => {
    const answer = await visit(edgeUrl, shortHost, dynamicCode);
    // A dynamic link answers 302 (never cached by browsers): each one is a click.
    if (answer.status === 302) visits += 1;
    return answer;
  };

  for (let round = 1; round <= rounds; round++) {
    clock.advance(ROUND_MS);

    const refreshed = await fetch(`${edgeUrl}/mcp/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: user.clientId,
        client_secret: user.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    expect(refreshed.status, `round ${round}: refresh`).toBe(200);
    const tokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    accessToken = tokens.access_token;
    refreshToken = tokens.refresh_token;

    // A new window: the count started again, this request being its first.
    const first = await api("GET", "/api/v1/urls?limit=1");
    const quota = Number(/;q=(\d+)/.exec(first.headers.get("ratelimit-policy") ?? "")?.[1]);
    expect(remainingOf(first.headers.get("ratelimit")), `round ${round}: rate window`).toBe(quota - 1);

    // The code exchange that froze the embedded auth-server once the keys' cache was stale.
    await signInWithOAuth(edgeUrl, SCOPE);

    // A code first seen as unknown (a cached miss), then created: it must start redirecting.
    const alias = `soak-${round}-${user.clientId.slice(0, 8)}`;
    expect((await visit(edgeUrl, shortHost, alias)).status, `round ${round}: unknown code`).toBe(404);
    expect(
      (await api("POST", "/api/v1/urls", { url: `https://example.com/new-${round}`, customAlias: alias }))
        .status,
    ).toBe(201);
    await waitFor(async () => (await visit(edgeUrl, shortHost, alias)).status, {
      until: (status) => status === 301,
      what: `round ${round}: the new alias to redirect`,
    });

    const destination = `https://example.com/round-${round}`;
    expect((await api("PATCH", `/api/v1/urls/${dynamicCode}`, { url: destination })).status).toBe(200);
    await waitFor(async () => (await visitDynamic()).location, {
      until: (location) => location === destination,
      what: `round ${round}: the edited destination to reach the redirector`,
    });
    for (let i = 0; i < VISITS_PER_ROUND; i++) {
      expect((await visitDynamic()).location).toBe(destination);
    }

    // Every visit so far, each counted once: never fewer, and never more once all have arrived.
    const stats = await waitFor(async () => (await api("GET", `/api/v1/analytics/${dynamicCode}`)).body, {
      until: (body) => (body?.analytics?.counts?.clicks ?? -1) >= visits,
      what: `round ${round}: the ${visits} visits to be counted`,
      // Paced (REST_POLL_MS): the rounds' clock moves only between rounds, so a window this poll
      // spent stayed spent for the rest of the real minute (the flaky "visits to be counted").
      intervalMs: REST_POLL_MS,
      timeoutMs: 60_000,
    }).then((body) => body.analytics.counts);
    expect(visits, `round ${round}: visits made`).toBeGreaterThanOrEqual(round * (VISITS_PER_ROUND + 1));
    expect(stats.clicks, `round ${round}: exact clicks`).toBe(visits);
    expect(stats.bots).toBe(0);

    const health = await fetch(`${edgeUrl}/.kurz/health`, { signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
    expect(health.status, `round ${round}: health`).toBe(200);
  }
}
