import { randomUUID } from "node:crypto";
import { TestClock } from "@kurz/clock";
import { createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { cacheAccountQuotas, planRequestsPerMinute } from "@kurz/service-runtime";
import { redisBackend, startTestAuthService, type TestAuthService } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IngestHarness, startIngestHarness } from "./ingest-harness";

const redis = await redisBackend();

const modes = [
  { name: "embedded (in-memory counters)", redisUrl: undefined, skip: false },
  { name: "real Redis", redisUrl: redis.available ? redis.value.url : undefined, skip: !redis.available },
];

describe.each(modes)("REST rate limit of the analytics routes, $name", ({ redisUrl, skip }) => {
  const THROTTLED = randomUUID();
  // Stands still unless the test moves it: requests cross the rate window without sleeping.
  const clock = new TestClock({ frozen: true });
  let h: IngestHarness;
  let auth: TestAuthService;
  let authClient: ReturnType<typeof createGrpcClient<typeof authV1.AuthService.method>>;

  beforeAll(async () => {
    if (skip) return;
    auth = await startTestAuthService({ plans: { [THROTTLED]: { id: "free", restRequestsPerMinute: 3 } } });
    authClient = createGrpcClient(authV1.AuthService, auth.address);
    h = await startIngestHarness(
      { REST_REQUESTS_PER_MINUTE: "1000" },
      {
        redisUrl,
        // A shared server: a namespace of this run's own.
        redisKeyPrefix: `kurz-test:${randomUUID()}:`,
        clock,
        // As in server.ts: GetAccount through the cache, not once per request.
        accountQuota: cacheAccountQuotas(planRequestsPerMinute(authClient), { ttlMs: 30_000, clock }),
      },
    );
  });

  afterAll(async () => {
    await h?.close();
    authClient?.close();
    await auth?.stop();
  });

  const request = async (method: "GET" | "POST", url: string, scopes: string[], payload?: object) =>
    h.app.http.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await h.token(THROTTLED, scopes)}` },
      ...(payload ? { payload } : {}),
    });
  const overview = () => request("GET", "/api/v1/analytics/account/overview", ["analytics:read"]);

  it.skipIf(skip)(
    "serves the plan's requests per minute with RateLimit fields, then 429 PLAN_LIMIT_EXCEEDED with Retry-After, then serves again after the window",
    async () => {
      const served = [await overview(), await overview()];
      expect(served.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(served[0]!.headers["ratelimit-policy"]).toBe('"default";q=3;w=60');
      expect(served[0]!.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
      expect(served[1]!.headers.ratelimit).toMatch(/^"default";r=1;t=\d+$/);

      // Conversions count against the same per-account window as the reports.
      const conversion = await request("POST", "/api/v1/conversions", ["conversion:write"], {
        event_name: "signup",
      });
      expect(conversion.statusCode).toBe(400);
      expect(conversion.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);

      const refused = await overview();
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
      expect(body.hint).toMatch(/Retry after \d+ s/);
      const refusedConversion = await request("POST", "/api/v1/conversions", ["conversion:write"], {
        svc_click_id: "x",
        event_name: "signup",
      });
      expect(refusedConversion.statusCode).toBe(429);
      // Six requests, one plan lookup: plans are cached (for 30 s on the same clock).
      expect(auth.getAccountCalls).toBe(1);

      // One second before the reset the window still holds; at the reset the account is served.
      clock.advance((retryAfter - 1) * 1000);
      expect((await overview()).statusCode).toBe(429);
      clock.advance(1_000);
      const again = await overview();
      expect(again.statusCode).toBe(200);
      expect(again.headers.ratelimit).toMatch(/^"default";r=2;t=(59|60)$/);
    },
  );

  it.skipIf(skip)("gives an account whose plan sets no limit the configured default", async () => {
    const token = await h.token(randomUUID(), ["analytics:read"]);
    const response = await h.app.http.app.inject({
      method: "GET",
      url: "/api/v1/analytics/account/overview",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["ratelimit-policy"]).toBe('"default";q=1000;w=60');
  });

  it.skipIf(skip)(
    "does not count a token's requests refused by the scope check against its account",
    async () => {
      const response = await h.app.http.app.inject({
        method: "GET",
        url: "/api/v1/analytics/account/overview",
        headers: { authorization: `Bearer ${await h.token(THROTTLED, ["shorturl:read"])}` },
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers.ratelimit).toBeUndefined();
    },
  );

  it.skipIf(skip)("counts requests without any credential against their address", async () => {
    const response = await h.app.http.app.inject({
      method: "GET",
      url: "/api/v1/analytics/account/overview",
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers["ratelimit-policy"]).toMatch(/^"default";q=\d+;w=60$/);
  });
});
