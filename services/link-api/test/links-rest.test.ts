import { randomUUID } from "node:crypto";
import { fromBinary } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { TestClock } from "@kurz/clock";
import { linksV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { links } from "../src/db/schema";
import { verifyLinkPassword } from "../src/links/hash-link-password";
import { setClickCounts } from "../src/links/set-click-counts";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;
/** link-api's clock: real time plus what the rate-limit and event tests move forward. */
const clock = new TestClock();
const LIMITED = "limited-account";
const THROTTLED = "throttled-account";

beforeAll(async () => {
  api = await startTestLinkApi({
    clock,
    plans: {
      plans: {
        [LIMITED]: realPlan("free", { maxLinks: 2 }),
        [THROTTLED]: realPlan("free", { restRequestsPerMinute: 3 }),
      },
    },
  });
});

afterAll(async () => {
  await api.close();
});

async function post(accountId: string, body: unknown, path = "/api/v1/urls") {
  return api.http.inject({
    method: "POST",
    url: path,
    headers: await api.auth(accountId),
    payload: body as object,
  });
}

async function linkCount(accountId: string): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
  return row?.n ?? 0;
}

describe("creating a short URL", () => {
  it("answers 201 with { success, url } and the link's fields", async () => {
    const account = randomUUID();
    const response = await post(account, { url: "https://Example.com/path?q=1" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.url.id).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(body.url.shortUrl).toBe(`http://localhost:8080/${body.url.id}`);
    expect(body.url.originalUrl).toBe("https://example.com/path?q=1");
    expect(new Date(body.url.createdAt).toISOString()).toBe(body.url.createdAt);
    expect(body.url).toMatchObject({
      isDynamic: false,
      trackingEnabled: true,
      urlType: "standard",
      domain: "localhost",
    });
  });

  it("takes every optional field, merges UTM fields and stores the password hashed", async () => {
    const account = randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await post(account, {
      url: "https://example.com/landing?utm_source=old&keep=1#frag",
      customAlias: "Spring_Sale-2026",
      name: "  Spring sale ",
      tracking_enabled: false,
      is_dynamic: true,
      tags: [" Promo ", "promo", "Big   Sale"],
      password: "s3cret-pass",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
      expires_at: expiresAt,
      max_clicks: 100,
      expired_url: "https://example.com/over",
      conversion_tracking: true,
    });
    expect(response.statusCode).toBe(201);
    const url = response.json().url;
    expect(url).toMatchObject({
      id: "Spring_Sale-2026",
      name: "Spring sale",
      trackingEnabled: false,
      isDynamic: true,
      tags: ["promo", "big sale"],
      passwordProtected: true,
      customAlias: true,
      expiresAt,
      maxClicks: 100,
      expiredUrl: "https://example.com/over",
      conversionTracking: true,
      utm: { source: "newsletter", medium: "email", campaign: "spring", term: "", content: "" },
    });
    expect(url.destinationUrl).toBe(
      "https://example.com/landing?utm_source=newsletter&keep=1&utm_medium=email&utm_campaign=spring#frag",
    );
    const [row] = await api.db.select().from(links).where(eq(links.id, url.linkId));
    expect(row!.passwordHash).toMatch(/^\$scrypt\$ln=14,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyLinkPassword("s3cret-pass", row!.passwordHash)).toBe(true);
    expect(await verifyLinkPassword("wrong", row!.passwordHash)).toBe(false);
  });

  it("is also offered at /short-urls", async () => {
    const response = await post(randomUUID(), { url: "https://example.com" }, "/api/v1/short-urls");
    expect(response.statusCode).toBe(201);
    expect(response.json().url.originalUrl).toBe("https://example.com/");
  });

  const badInputs: Array<[string, Record<string, unknown>]> = [
    ["a missing url", {}],
    ["a url that is not a string", { url: 42 }],
    ["an empty url", { url: "" }],
    ["a url without scheme", { url: "example.com" }],
    ["a javascript: url", { url: "javascript:alert(1)" }],
    ["a data: url", { url: "data:text/html,<script>alert(1)</script>" }],
    ["an ftp url", { url: "ftp://example.com/file" }],
    ["a url with credentials", { url: "https://user:pass@example.com/" }],
    ["a url with control characters", { url: "https://exa\nmple.com/" }],
    ["a url with a single-label host", { url: "https://intranet/" }],
    ["a url longer than 2048 characters", { url: `https://example.com/${"a".repeat(2100)}` }],
    ["an alias of 2 characters", { url: "https://example.com", customAlias: "ab" }],
    ["an alias of 51 characters", { url: "https://example.com", customAlias: "a".repeat(51) }],
    ["an alias with a slash", { url: "https://example.com", customAlias: "a/bc" }],
    ["an alias with a dot", { url: "https://example.com", customAlias: "abc.def" }],
    ["an alias with non-ASCII letters", { url: "https://example.com", customAlias: "grüße" }],
    ["a reserved alias", { url: "https://example.com", customAlias: "api" }],
    ["a reserved alias in another case", { url: "https://example.com", customAlias: "Login" }],
    ["the check-alias route as alias", { url: "https://example.com", customAlias: "check-alias" }],
    ["a name longer than 200 characters", { url: "https://example.com", name: "n".repeat(201) }],
    ["tracking_enabled as a string", { url: "https://example.com", tracking_enabled: "yes" }],
    ["is_dynamic as a number", { url: "https://example.com", is_dynamic: 1 }],
    ["a campaign_id that is not a UUID", { url: "https://example.com", campaign_id: "abc" }],
    ["an unknown urlType", { url: "https://example.com", urlType: "vanity" }],
    ["urlType branded without a domain", { url: "https://example.com", urlType: "branded" }],
    ["urlType subdomain without a subdomain", { url: "https://example.com", urlType: "subdomain" }],
    [
      "branded_domain and subdomain together",
      { url: "https://example.com", branded_domain: "go.example.com", subdomain: "shop" },
    ],
    ["a malformed branded domain", { url: "https://example.com", branded_domain: "https://go.example.com/" }],
    ["a malformed subdomain", { url: "https://example.com", subdomain: "-bad-" }],
    ["tags that are not an array", { url: "https://example.com", tags: "promo" }],
    ["a tag longer than 50 characters", { url: "https://example.com", tags: ["t".repeat(51)] }],
    [
      "more than 20 tags",
      { url: "https://example.com", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
    ],
    ["a password of 3 characters", { url: "https://example.com", password: "abc" }],
    ["a password longer than 128 characters", { url: "https://example.com", password: "p".repeat(129) }],
    ["a UTM value longer than 200 characters", { url: "https://example.com", utm_source: "u".repeat(201) }],
    ["an expiry that is not a date", { url: "https://example.com", expires_at: "tomorrow" }],
    ["an expiry in the past", { url: "https://example.com", expires_at: "2020-01-01T00:00:00Z" }],
    ["a negative click cap", { url: "https://example.com", max_clicks: -1 }],
    ["a fractional click cap", { url: "https://example.com", max_clicks: 1.5 }],
    ["an invalid expired_url", { url: "https://example.com", expired_url: "javascript:void(0)" }],
    ["an unknown field", { url: "https://example.com", isDynamic: true }],
  ];

  it.each(badInputs)("refuses %s with 400 VALIDATION_ERROR and stores nothing", async (_label, body) => {
    const account = randomUUID();
    const response = await post(account, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(typeof response.json().error).toBe("string");
    expect(await linkCount(account)).toBe(0);
  });

  it("refuses a body that is not JSON with 400 INVALID_JSON", async () => {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: { ...(await api.auth("x")), "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("INVALID_JSON");
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const response = await post(randomUUID(), { url: "https://example.com", name: "x".repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses a campaign of another account with 404 and stores nothing", async () => {
    const owner = randomUUID();
    const campaign = await api.campaigns.createCampaign({ name: "Owner's" }, { accountId: owner });
    const other = randomUUID();
    const response = await post(other, { url: "https://example.com", campaign_id: campaign.campaign!.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NOT_FOUND");
    expect(await linkCount(other)).toBe(0);
  });

  it("refuses a branded domain or subdomain the account does not have", async () => {
    const account = randomUUID();
    const branded = await post(account, { url: "https://example.com", branded_domain: "go.example.com" });
    expect(branded.statusCode).toBe(404);
    const subdomain = await post(account, {
      url: "https://example.com",
      urlType: "subdomain",
      subdomain: "shop-one",
    });
    expect(subdomain.statusCode).toBe(404);
    expect(await linkCount(account)).toBe(0);
  });

  it("answers 409 ALIAS_EXISTS for an alias taken on the host, by any account", async () => {
    const alias = `taken-${randomUUID().slice(0, 8)}`;
    expect((await post(randomUUID(), { url: "https://example.com", customAlias: alias })).statusCode).toBe(
      201,
    );
    const other = randomUUID();
    const response = await post(other, { url: "https://example.org", customAlias: alias });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: "ALIAS_EXISTS" });
    expect(await linkCount(other)).toBe(0);
  });

  it("lets exactly one of two concurrent creates of one alias succeed", async () => {
    const alias = `race-${randomUUID().slice(0, 8)}`;
    const responses = await Promise.all([
      post(randomUUID(), { url: "https://a.example.com", customAlias: alias }),
      post(randomUUID(), { url: "https://b.example.com", customAlias: alias }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().code).toBe("ALIAS_EXISTS");
  });

  it("refuses a link beyond the plan's maximum with 403 QUOTA_EXCEEDED, naming the limit and plan, and an upgrade hint", async () => {
    for (let i = 0; i < 2; i++)
      expect((await post(LIMITED, { url: "https://example.com" })).statusCode).toBe(201);
    const response = await post(LIMITED, { url: "https://example.com" });
    // Not 429: waiting never frees room (that is the rate limit's PLAN_LIMIT_EXCEEDED).
    expect(response.statusCode).toBe(403);
    expect(response.headers["retry-after"]).toBeUndefined();
    expect(response.json()).toMatchObject({
      success: false,
      code: "QUOTA_EXCEEDED",
      error: "Your free plan allows 2 short links",
      details: { limit: 2, used: 2, plan: "free" },
      hint: expect.stringContaining("upgrade your plan"),
    });
    expect(await linkCount(LIMITED)).toBe(2);
  });
});

describe("access", () => {
  it("answers 401 without a token", async () => {
    const response = await api.http.inject({ method: "GET", url: "/api/v1/urls" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: "AUTHENTICATION_REQUIRED" });
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("answers 403 with the insufficient-scope body when the token lacks the route's scope", async () => {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: await api.auth(randomUUID(), ["shorturl:read"]),
      payload: { url: "https://example.com" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      error: "Insufficient scope",
      required_scope: "shorturl:create",
    });
  });

  it("rate-limits an account to its plan's requests per minute with 429 PLAN_LIMIT_EXCEEDED until the window resets", async () => {
    const list = async () =>
      api.http.inject({ method: "GET", url: "/api/v1/urls", headers: await api.auth(THROTTLED) });
    const served = [];
    for (let i = 0; i < 3; i++) served.push(await list());
    expect(served.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(served[0]!.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
    expect(served.map((response) => /r=(\d+)/.exec(String(response.headers.ratelimit))?.[1])).toEqual([
      "2",
      "1",
      "0",
    ]);

    const refused = await list();
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toBe(`"default";r=0;t=${retryAfter}`);
    expect(refused.json()).toMatchObject({
      success: false,
      code: "PLAN_LIMIT_EXCEEDED",
      retryable: true,
      details: { limit: 3, window_seconds: 60, retry_after_seconds: retryAfter },
    });

    clock.advance(retryAfter * 1000);
    expect((await list()).statusCode).toBe(200);
  });

  it("answers 404 for another account's link on read, update and delete", async () => {
    const created = (await post(randomUUID(), { url: "https://example.com", is_dynamic: true })).json().url;
    const headers = await api.auth(randomUUID());
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const response = await api.http.inject({
        method,
        url: `/api/v1/urls/${created.id}`,
        headers,
        ...(method === "PATCH" ? { payload: { name: "stolen" } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("URL_NOT_FOUND");
    }
    const byId = await api.http.inject({ method: "GET", url: `/api/v1/urls/${created.linkId}`, headers });
    expect(byId.statusCode).toBe(404);
  });
});

describe("reading, updating and deleting", () => {
  it("gets a link by code, alias or id", async () => {
    const account = randomUUID();
    const created = (
      await post(account, { url: "https://example.com", customAlias: `get-${randomUUID().slice(0, 6)}` })
    ).json().url;
    const headers = await api.auth(account);
    for (const key of [created.id, created.linkId]) {
      const response = await api.http.inject({ method: "GET", url: `/api/v1/short-urls/${key}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().url.linkId).toBe(created.linkId);
    }
  });

  it("lists with paging, search over name and URL, and sorting", async () => {
    const account = randomUUID();
    const names = ["Charlie", "alpha", "Bravo"];
    for (const [i, name] of names.entries()) {
      await post(account, { url: `https://site${i}.example.com/page`, name });
    }
    await post(account, { url: "https://other.example.net/special-offer", name: "zulu" });
    const headers = await api.auth(account);
    const get = (query: string) => api.http.inject({ method: "GET", url: `/api/v1/urls?${query}`, headers });

    const first = (await get("page=1&limit=2")).json();
    expect(first.urls).toHaveLength(2);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(first.urls[0].name).toBe("zulu");

    const byName = (await get("sortBy=name")).json();
    expect(byName.urls.map((url: { name: string }) => url.name)).toEqual([
      "alpha",
      "Bravo",
      "Charlie",
      "zulu",
    ]);

    expect((await get("search=special-OFFER")).json().urls.map((url: { name: string }) => url.name)).toEqual([
      "zulu",
    ]);
    expect((await get("search=bRaVo")).json().pagination.total).toBe(1);
    expect((await get("search=%25")).json().pagination.total).toBe(0);

    const defaults = (await get("")).json();
    expect(defaults.pagination).toMatchObject({ page: 1, limit: 10 });

    // Human-click totals as analytics-ingest stores them (ClickCountService): an order neither
    // creation nor name gives.
    const clicks: Record<string, number> = { Charlie: 3, alpha: 7, Bravo: 40, zulu: 12 };
    const rows = await api.db
      .select({ id: links.id, name: links.name })
      .from(links)
      .where(eq(links.accountId, account));
    expect(rows).toHaveLength(4);
    await setClickCounts(
      api.db,
      rows.map((row) => ({ linkId: row.id, accountId: account, clicks: clicks[row.name] ?? 0 })),
    );
    const byClicks = await get("sortBy=clicks");
    expect(byClicks.statusCode).toBe(200);
    const namesOf = (response: { json(): { urls: Array<{ name: string }> } }) =>
      response.json().urls.map((url) => url.name);
    expect(namesOf(byClicks)).toEqual(["Bravo", "zulu", "alpha", "Charlie"]);
    expect(namesOf(await get("sortBy=clicks&order=asc"))).toEqual(["Charlie", "alpha", "zulu", "Bravo"]);
    expect(namesOf(await get("sortBy=clicks&limit=2&page=2"))).toEqual(["alpha", "Charlie"]);

    for (const bad of ["limit=101", "limit=0", "page=0", "sortBy=views", "order=up", "page=abc"]) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("changes the destination of a dynamic link and refuses it for a static one", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const staticLink = (await post(account, { url: "https://example.com/a" })).json().url;
    const refused = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${staticLink.id}`,
      headers,
      payload: { url: "https://example.com/b" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("INVALID_STATE");
    const utmRefused = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${staticLink.id}`,
      headers,
      payload: { utm_source: "x" },
    });
    expect(utmRefused.statusCode).toBe(409);

    const dynamic = (await post(account, { url: "https://example.com/a", is_dynamic: true })).json().url;
    const changed = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${dynamic.id}`,
      headers,
      payload: { url: "https://example.com/b", utm_source: "ads", name: "Renamed", tags: ["X"] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().url).toMatchObject({
      originalUrl: "https://example.com/b",
      destinationUrl: "https://example.com/b?utm_source=ads",
      name: "Renamed",
      tags: ["x"],
      id: dynamic.id,
    });
  });

  it("sets and clears password, expiry and campaign", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const campaign = (await api.campaigns.createCampaign({ name: "Spring" }, { accountId: account }))
      .campaign!;
    const created = (await post(account, { url: "https://example.com", campaign_id: campaign.id })).json()
      .url;
    expect(created.campaignId).toBe(campaign.id);
    const patch = (payload: object) =>
      api.http.inject({ method: "PATCH", url: `/api/v1/urls/${created.id}`, headers, payload });

    const set = (
      await patch({ password: "new-pass", expires_at: "2099-01-01T00:00:00Z", max_clicks: 5 })
    ).json().url;
    expect(set).toMatchObject({
      passwordProtected: true,
      expiresAt: "2099-01-01T00:00:00.000Z",
      maxClicks: 5,
    });
    const cleared = (
      await patch({ password: null, expires_at: null, max_clicks: null, campaign_id: "none" })
    ).json().url;
    expect(cleared).toMatchObject({
      passwordProtected: false,
      expiresAt: null,
      maxClicks: null,
      campaignId: null,
    });

    for (const bad of [
      { password: "ab" },
      { campaign_id: "nope" },
      { expires_at: "2001-01-01T00:00:00Z" },
      { unknown: 1 },
    ]) {
      const response = await patch(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const missingCampaign = await patch({ campaign_id: randomUUID() });
    expect(missingCampaign.statusCode).toBe(404);
  });

  it("deletes a link, which then is gone", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const created = (await post(account, { url: "https://example.com" })).json().url;
    const deleted = await api.http.inject({ method: "DELETE", url: `/api/v1/urls/${created.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().url.id).toBe(created.id);
    const again = await api.http.inject({ method: "GET", url: `/api/v1/urls/${created.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it("checks alias availability", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const alias = `chk-${randomUUID().slice(0, 8)}`;
    const check = async (value: string) =>
      (
        await api.http.inject({
          method: "GET",
          url: `/api/v1/short-urls/check-alias?alias=${value}`,
          headers,
        })
      ).json();
    expect(await check(alias)).toMatchObject({ available: true, domain: "localhost" });
    await post(account, { url: "https://example.com", customAlias: alias });
    expect(await check(alias)).toMatchObject({ available: false, reason: "taken" });
    expect(await check("mcp")).toMatchObject({ available: false, reason: "reserved" });
    expect(await check("a")).toMatchObject({ available: false, reason: "invalid" });
  });

  it("counts the account's links", async () => {
    const account = randomUUID();
    await post(account, { url: "https://example.com", is_dynamic: true });
    await post(account, { url: "https://example.com", password: "secret" });
    const response = await api.http.inject({
      method: "GET",
      url: "/api/v1/short-urls/stats",
      headers: await api.auth(account),
    });
    expect(response.json().stats).toMatchObject({
      totalLinks: 2,
      dynamicLinks: 1,
      passwordProtectedLinks: 1,
      maxLinks: null,
    });
  });
});

describe("events", () => {
  it("publishes link.created, link.updated and link.deleted with the snapshot, stamped on link-api's clock", async () => {
    // link-api's clock an hour ahead of the wall clock: the events' time is its, as the rows' is.
    clock.advance(3_600_000);
    const account = randomUUID();
    const headers = await api.auth(account);
    const created = (await post(account, { url: "https://example.com", is_dynamic: true })).json().url;
    await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${created.id}`,
      headers,
      payload: { url: "https://example.org" },
    });
    await api.http.inject({ method: "DELETE", url: `/api/v1/urls/${created.id}`, headers });
    const mine = () => api.events.filter((event) => event.envelope.accountId === account);
    await waitFor(() => mine().map((event) => event.envelope.type), {
      until: (types) => types.length >= 3,
      what: "three link events arrived",
    });
    const events = mine();
    expect(events.map((event) => event.envelope.type)).toEqual([
      "link.created",
      "link.updated",
      "link.deleted",
    ]);
    for (const event of events) {
      expect(event.topic).toBe("kurz.link.v1");
      expect(event.envelope).toMatchObject({
        key: account,
        source: "link-api",
        payloadType: "kurz.links.v1.LinkChanged",
      });
      expect(event.envelope.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      const occurredAt = timestampDate(event.envelope.occurredAt!).getTime();
      expect(occurredAt).toBeGreaterThan(Date.now() + 3_500_000);
      expect(occurredAt).toBeLessThanOrEqual(clock.now().getTime());
    }
    const snapshots = events.map(
      (event) => fromBinary(linksV1.LinkChangedSchema, event.envelope.payload).link!,
    );
    expect(snapshots.map((link) => link.destinationUrl)).toEqual([
      "https://example.com/",
      "https://example.org/",
      "https://example.org/",
    ]);
    expect(snapshots[1]!.version).toBeGreaterThan(snapshots[0]!.version);
    expect(snapshots[0]).toMatchObject({
      code: created.id,
      host: "localhost",
      dynamic: true,
      accountId: account,
    });
  });
});

describe("documentation", () => {
  it("serves the OpenAPI 3.1 document of every service, generated from the routes, and a docs page", async () => {
    const response = await api.http.inject({ method: "GET", url: "/api/v1/docs/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/urls",
        "/api/v1/urls/{code}",
        "/api/v1/analytics/{id}",
        "/api/v1/conversions",
        "/api/v1/api-keys",
        "/mcp/oauth/token",
      ]),
    );
    expect(document.paths["/api/v1/urls"].post.security).toEqual([{ bearerAuth: ["shorturl:create"] }]);
    expect(
      document.paths["/api/v1/urls"].post.requestBody.content["application/json"].schema.properties.url,
    ).toBeDefined();
    const page = await api.http.inject({ method: "GET", url: "/api/v1/docs" });
    expect([200, 302]).toContain(page.statusCode);
  });
});
