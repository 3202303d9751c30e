import { type CacheStore, createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import type { FastifyReply } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  cacheAccountQuotas,
  createHttpApp,
  createRestRateLimit,
  DASHBOARD_CLIENT_ID,
  limitRestRoutes,
  type RestRateLimitOptions,
} from "../src";

const logger = createLogger({ service: "test", level: "silent" });
const MINUTE_MS = 60_000;

/** A clock the test moves; starts mid-minute so window offsets do not line up by chance. */
const movableClock = () => new TestClock({ frozen: true, at: new Date(Date.UTC(2026, 0, 1, 12, 0, 30)) });

const caches: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const cache of caches.splice(0)) await cache.close();
});

function build(overrides: Partial<RestRateLimitOptions> = {}) {
  const cache = createCache({});
  caches.push(cache);
  const clock = movableClock();
  const limit = createRestRateLimit({
    store: cache.cache,
    clock,
    logger,
    accountQuota: async () => 3,
    defaultPerMinute: 100,
    perIpPerMinute: 2,
    ...overrides,
  });
  const { app } = createHttpApp({ service: "test", logger });
  limitRestRoutes(app, limit);
  // Stands in for requireScope: the verified account rides on request.accessToken.
  const authenticate = async (request: { headers: Record<string, unknown>; accessToken?: unknown }) => {
    const client = request.headers["x-client"];
    request.accessToken = {
      accountId: String(request.headers["x-account"]),
      clientId: typeof client === "string" ? client : "some-app",
    };
  };
  app.get("/api/v1/things", { preHandler: authenticate }, async () => ({ success: true }));
  // Stands in for requireScope refusing a request without a credential.
  let refusedByScopeCheck = 0;
  const requireToken = async (request: { headers: Record<string, unknown> }, reply: FastifyReply) => {
    if (request.headers.authorization === undefined) {
      refusedByScopeCheck++;
      return reply.code(401).send({ success: false, code: "AUTHENTICATION_REQUIRED" });
    }
  };
  app.get("/api/v1/private", { preHandler: requireToken }, async () => ({ success: true }));
  app.get("/api/v1/docs", async () => ({ docs: true }));
  app.get("/api/v1/exempt", { config: { restRateLimit: false } }, async () => ({ ok: true }));
  app.get("/internal", async () => ({ ok: true }));
  return { app, clock, refusedByScopeCheck: () => refusedByScopeCheck };
}

type App = ReturnType<typeof build>["app"];
const get = (app: App, url: string, account?: string, client?: string) =>
  app.inject({
    method: "GET",
    url,
    headers: account
      ? { "x-account": account, authorization: "Bearer stand-in", ...(client ? { "x-client": client } : {}) }
      : {},
  });

describe("the REST rate limit", () => {
  it("sends the IETF RateLimit fields of the account's plan on every response", async () => {
    const { app } = build();
    const first = await get(app, "/api/v1/things", "a1");
    expect(first.statusCode).toBe(200);
    expect(first.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
    expect(first.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
    const second = await get(app, "/api/v1/things", "a1");
    expect(second.headers.ratelimit).toMatch(/^"default";r=1;t=\d+$/);
    expect(first.headers["retry-after"]).toBeUndefined();
  });

  it("refuses the request beyond the plan with 429 PLAN_LIMIT_EXCEEDED, Retry-After and the reset, then serves again once the window has passed", async () => {
    const { app, clock } = build();
    for (let i = 0; i < 3; i++) expect((await get(app, "/api/v1/things", "a1")).statusCode).toBe(200);

    const refused = await get(app, "/api/v1/things", "a1");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toBe(`"default";r=0;t=${retryAfter}`);
    expect(refused.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
    const body = refused.json();
    expect(body).toMatchObject({
      success: false,
      code: "PLAN_LIMIT_EXCEEDED",
      retryable: true,
      details: { policy: "default", limit: 3, window_seconds: 60, retry_after_seconds: retryAfter },
    });
    expect(body.hint).toContain(`${retryAfter} s`);
    expect(Date.parse(body.details.reset_at) - clock.now().getTime()).toBeLessThanOrEqual(retryAfter * 1000);

    // Another account has its own window.
    expect((await get(app, "/api/v1/things", "a2")).statusCode).toBe(200);

    // Still refused one second before the reset; served from the reset on.
    clock.advance(retryAfter * 1000 - 1_000);
    expect((await get(app, "/api/v1/things", "a1")).statusCode).toBe(429);
    clock.advance(1_000);
    const again = await get(app, "/api/v1/things", "a1");
    expect(again.statusCode).toBe(200);
    expect(again.headers.ratelimit).toMatch(/^"default";r=2;t=(59|60)$/);
  });

  it("counts the dashboard's requests in a window of their own, at the higher of its rate and the plan's", async () => {
    const { app, clock } = build({ dashboardPerMinute: 5 });
    // An integration spends the plan's window ...
    for (let i = 0; i < 3; i++) expect((await get(app, "/api/v1/things", "a1")).statusCode).toBe(200);
    expect((await get(app, "/api/v1/things", "a1")).statusCode).toBe(429);
    // ... and the person in the dashboard goes on, up to the dashboard's own rate.
    for (let i = 0; i < 5; i++) {
      const served = await get(app, "/api/v1/things", "a1", DASHBOARD_CLIENT_ID);
      expect(served.statusCode).toBe(200);
      expect(served.headers["ratelimit-policy"]).toBe('"default";q=5;w=60');
    }
    const refused = await get(app, "/api/v1/things", "a1", DASHBOARD_CLIENT_ID);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "PLAN_LIMIT_EXCEEDED", retryable: true });
    expect(refused.json().error).toContain("dashboard");
    // Another account has a dashboard window of its own.
    expect((await get(app, "/api/v1/things", "a2", DASHBOARD_CLIENT_ID)).statusCode).toBe(200);
    clock.advance(MINUTE_MS);
    expect((await get(app, "/api/v1/things", "a1", DASHBOARD_CLIENT_ID)).statusCode).toBe(200);

    // A plan above the dashboard's rate keeps its own rate in the dashboard too.
    const generous = build({ dashboardPerMinute: 2, accountQuota: async () => 4 });
    for (let i = 0; i < 4; i++)
      expect((await get(generous.app, "/api/v1/things", "a1", DASHBOARD_CLIENT_ID)).statusCode).toBe(200);
    expect((await get(generous.app, "/api/v1/things", "a1", DASHBOARD_CLIENT_ID)).statusCode).toBe(429);

    // Without the option, the dashboard's requests share the plan's window like any client's.
    const shared = build();
    for (let i = 0; i < 3; i++) expect((await get(shared.app, "/api/v1/things", "a1")).statusCode).toBe(200);
    expect((await get(shared.app, "/api/v1/things", "a1", DASHBOARD_CLIENT_ID)).statusCode).toBe(429);
  });

  it("limits routes without a token per address with 429 RATE_LIMITED", async () => {
    const { app, clock } = build();
    expect((await get(app, "/api/v1/docs")).statusCode).toBe(200);
    expect((await get(app, "/api/v1/docs")).statusCode).toBe(200);
    const refused = await get(app, "/api/v1/docs");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", retryable: true, details: { limit: 2 } });
    clock.advance(MINUTE_MS);
    expect((await get(app, "/api/v1/docs")).statusCode).toBe(200);
  });

  it("counts requests without any credential per address before the scope check refuses them", async () => {
    const { app, refusedByScopeCheck } = build();
    expect((await get(app, "/api/v1/private")).statusCode).toBe(401);
    expect((await get(app, "/api/v1/private")).statusCode).toBe(401);
    const refused = await get(app, "/api/v1/private");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(refusedByScopeCheck()).toBe(2);
    // Counted once, not again by the check after the scope check.
    const { app: other } = build({ perIpPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await get(other, "/api/v1/docs")).statusCode).toBe(200);
    expect((await get(other, "/api/v1/docs")).statusCode).toBe(429);
  });

  it("leaves routes outside /api/ and routes that opt out alone", async () => {
    const { app } = build({ perIpPerMinute: 1 });
    for (let i = 0; i < 3; i++) {
      const internal = await get(app, "/internal");
      expect(internal.statusCode).toBe(200);
      expect(internal.headers.ratelimit).toBeUndefined();
      expect((await get(app, "/api/v1/exempt")).statusCode).toBe(200);
    }
  });

  it("uses the default when the plan sets no limit or cannot be had", async () => {
    const none = build({ accountQuota: async () => 0, defaultPerMinute: 5 });
    expect((await get(none.app, "/api/v1/things", "a1")).headers["ratelimit-policy"]).toBe(
      '"default";q=5;w=60',
    );
    const failing = build({
      accountQuota: () => Promise.reject(new Error("auth-server down")),
      defaultPerMinute: 7,
    });
    expect((await get(failing.app, "/api/v1/things", "a1")).headers["ratelimit-policy"]).toBe(
      '"default";q=7;w=60',
    );
  });

  it("serves without limiting (and without fields) while the counters cannot be reached", async () => {
    const healthy = createCache({});
    caches.push(healthy);
    const broken: CacheStore = {
      ...healthy.cache,
      increment: () => Promise.reject(new Error("redis down")),
    };
    const { app } = build({ store: broken, accountQuota: async () => 1 });
    for (let i = 0; i < 3; i++) {
      const response = await get(app, "/api/v1/things", "a1");
      expect(response.statusCode).toBe(200);
      expect(response.headers.ratelimit).toBeUndefined();
    }
  });
});

describe("cacheAccountQuotas", () => {
  it("asks once per account and TTL on its clock, and again after the TTL", async () => {
    const clock = movableClock();
    let calls = 0;
    const quotas = cacheAccountQuotas(
      async () => {
        calls++;
        return 60;
      },
      { ttlMs: 30_000, clock },
    );
    await Promise.all([quotas("a"), quotas("a"), quotas("a")]);
    expect(await quotas("a")).toBe(60);
    expect(calls).toBe(1);
    clock.advance(30_000);
    await quotas("a");
    expect(calls).toBe(2);
  });

  it("keeps the last known quota when the lookup fails, and does not ask on every request", async () => {
    const clock = movableClock();
    let up = true;
    let calls = 0;
    const quotas = cacheAccountQuotas(
      async () => {
        calls++;
        if (!up) throw new Error("unavailable");
        return 60;
      },
      { ttlMs: 30_000, clock },
    );
    expect(await quotas("a")).toBe(60);
    up = false;
    clock.advance(30_000);
    expect(await quotas("a")).toBe(60);
    expect(await quotas("a")).toBe(60);
    expect(calls).toBe(2);
    expect(await quotas("unknown")).toBe(0);
  });
});
