import { randomUUID } from "node:crypto";
import { createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { redisBackend } from "@kurz/testing";
import { afterEach, describe, expect, it } from "vitest";
import {
  createPendingLoginStore,
  LOGIN_START_LIMIT,
  PENDING_LOGIN_MAX_ENTRIES,
} from "../src/session/pending-login-store";
import { startTestDashboard, type TestDashboard } from "./support/start-test-dashboard";

const backend = await redisBackend();
let dashboard: TestDashboard | undefined;
afterEach(async () => {
  await dashboard?.close();
  dashboard = undefined;
});

/** Whether the browser holding this session cookie is signed in, as the web app asks. */
async function signedIn(d: TestDashboard, id: string): Promise<boolean> {
  const response = await d.app.http.app.inject({ url: "/app/session", cookies: { kurz_app: id } });
  return response.json().signedIn;
}

const startLogin = (d: TestDashboard, remoteAddress: string) =>
  d.app.http.app.inject({ url: "/app/auth/login?return_to=/app/links", remoteAddress });

describe("pending sign-ins", () => {
  it("10,000+ anonymous sign-in starts do not sign anyone out", async () => {
    const d = await startTestDashboard();
    dashboard = d;
    const id = await d.signIn();
    expect(await signedIn(d, id)).toBe(true);

    // From many addresses (each well within its own limit), more starts than any cache holds.
    const starts = PENDING_LOGIN_MAX_ENTRIES + 500;
    for (let i = 0; i < starts; i++) {
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const response = await startLogin(d, address);
      if (response.statusCode !== 302) throw new Error(`start ${i}: ${response.statusCode}`);
    }
    expect(await signedIn(d, id)).toBe(true);
  }, 120_000);

  it("throttles sign-in starts per client address: 429 with Retry-After, again once it has passed", async () => {
    const d = await startTestDashboard();
    dashboard = d;
    for (let i = 0; i < LOGIN_START_LIMIT.capacity; i++) {
      expect((await startLogin(d, "192.0.2.7")).statusCode).toBe(302);
    }
    const refused = await startLogin(d, "192.0.2.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toContain("Too many sign-ins");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    // Another address is not held back by this one.
    expect((await startLogin(d, "192.0.2.8")).statusCode).toBe(302);

    d.clock.advance(retryAfter * 1000);
    expect((await startLogin(d, "192.0.2.7")).statusCode).toBe(302);
  });

  it("a sign-in's state works once, and only with the browser cookie that started it", async () => {
    const d = await startTestDashboard();
    dashboard = d;
    const started = await startLogin(d, "192.0.2.9");
    const state = new URL(started.headers.location ?? "").searchParams.get("state") ?? "";
    const loginCookie = started.cookies.find((c) => c.name === "kurz_app_login")?.value;
    expect(loginCookie).toBe(state);
    // Another browser (no cookie, or another state) is refused before anything is exchanged.
    const planted = await d.app.http.app.inject({ url: `/app/auth/callback?code=x&state=${state}` });
    expect(planted.statusCode).toBe(400);
  });

  it("counts an IPv6 address as its /64: one subscriber cannot dodge the limit by changing addresses", async () => {
    const d = await startTestDashboard();
    dashboard = d;
    for (let i = 1; i <= LOGIN_START_LIMIT.capacity; i++) {
      expect((await startLogin(d, `2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(302);
    }
    expect((await startLogin(d, "2001:db8:1:2:ffff:1:2:3")).statusCode).toBe(429);
    expect((await startLogin(d, "2001:db8:1:3::1")).statusCode).toBe(302);
  });

  it.skipIf(!backend.available)(
    "a shared store (Redis) admits a bounded number of starts per window, then 429 until it ends",
    async () => {
      const connection = createCache({
        redisUrl: backend.available ? backend.value.url : "",
        keyPrefix: `kurz-test:${randomUUID()}:`,
      });
      try {
        const limiter = createCache({ clock: new TestClock() }).rateLimiter;
        const store = createPendingLoginStore({
          cache: connection.cache,
          rateLimiter: limiter,
          maxPerWindow: 3,
        });
        const login = { codeVerifier: "v".repeat(43), returnTo: "/app/" };
        for (let i = 0; i < 3; i++) {
          expect(await store.start(`state-${i}`, login, `198.51.100.${i}`)).toEqual({ allowed: true });
        }
        const refused = await store.start("state-x", login, "198.51.100.200");
        expect(refused.allowed).toBe(false);
        expect(await store.take("state-x")).toBeUndefined();
        // Those admitted still finish, once each.
        expect(await store.take("state-1")).toEqual(login);
        expect(await store.take("state-1")).toBeUndefined();
      } finally {
        await connection.close();
      }
    },
  );
});
