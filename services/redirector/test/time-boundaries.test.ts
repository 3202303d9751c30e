import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { TestClock } from "@kurz/clock";
import type { TestLinkSnapshot } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, type RedirectorHarness, startRedirectorHarness } from "./redirector-harness";

const ACCOUNT = "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01";
const HOST = "kurz.test";
const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const HOUR = 3_600_000;
const PASSWORD = "open sesame";

function link(seq: number, overrides: Partial<TestLinkSnapshot> & { code: string }): TestLinkSnapshot {
  return {
    linkId: `00000000-0000-4000-9000-${String(seq).padStart(12, "0")}`,
    accountId: ACCOUNT,
    host: HOST,
    destinationUrl: `https://example.com/${overrides.code}`,
    trackingEnabled: true,
    version: 1n,
    ...overrides,
  };
}

/**
 * Link expiry, the redirect's cache lifetime and the password cookie's age are read from the
 * shared clock: a test crosses each boundary by moving the clock, on the fast path (a cached link
 * answered before fastify) and the slow one alike.
 */
describe("the redirector's time boundaries follow the shared clock", () => {
  const clock = new TestClock();
  const expiresAt = Date.now() + HOUR;
  let h: RedirectorHarness;

  beforeAll(async () => {
    h = await startRedirectorHarness(
      [
        link(1, { code: "hour1", expiresAt: timestampFromMs(expiresAt) }),
        link(2, {
          code: "hour2",
          expiresAt: timestampFromMs(expiresAt),
          expiredUrl: "https://example.com/over",
        }),
        link(3, { code: "locked1", passwordHash: hashPassword(PASSWORD) }),
      ],
      {},
      { clock },
    );
  });

  afterAll(async () => {
    await h?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    h.http("GET", path, { host: HOST, "user-agent": BROWSER_UA, ...headers });

  it("expires a link when the clock passes its expiry, whichever path answers", async () => {
    const first = await get("/hour1");
    expect(first.statusCode).toBe(301);
    const maxAge = Number(/max-age=(\d+)/.exec(String(first.headers["cache-control"]))?.[1]);
    expect(maxAge).toBeGreaterThan(60);
    // Cached now: the next visit takes the fast path.
    expect((await get("/hour1")).statusCode).toBe(301);
    expect((await get("/hour2")).statusCode).toBe(301);

    clock.advance(HOUR - 60_000);
    const late = await get("/hour1");
    expect(late.statusCode).toBe(301);
    const lateMaxAge = Number(/max-age=(\d+)/.exec(String(late.headers["cache-control"]))?.[1]);
    expect(lateMaxAge).toBeLessThanOrEqual(60);

    clock.advance(120_000);
    expect((await get("/hour1")).statusCode).toBe(410);
    const over = await get("/hour2");
    expect(over.statusCode).toBe(302);
    expect(over.headers.location).toBe("https://example.com/over");
  });

  it("forgets an unlocked password once the cookie's age has passed on the clock", async () => {
    const unlocked = await h.http(
      "POST",
      "/locked1",
      { host: HOST, "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER_UA },
      new URLSearchParams({ password: PASSWORD }).toString(),
    );
    expect(unlocked.statusCode).toBe(303);
    const cookie = String(unlocked.headers["set-cookie"]).split(";")[0] as string;
    expect((await get("/locked1", { cookie })).statusCode).toBe(301);

    clock.advance(h.config.PASSWORD_COOKIE_MAX_AGE_S * 1000 + 1_000);
    const later = await get("/locked1", { cookie });
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain('<form method="post" action="/locked1">');
  });
});
