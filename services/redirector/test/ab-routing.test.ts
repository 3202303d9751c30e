import { Agent, request as httpRequest } from "node:http";
import { create } from "@bufbuild/protobuf";
import { clicksV1, linksV1 } from "@kurz/proto";
import type { TestLinkSnapshot } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAbCookies } from "../src/abtests/ab-cookie";
import { hashBucket } from "../src/abtests/hash-bucket";
import { pickVariant } from "../src/abtests/pick-variant";
import { createCookieSigner } from "../src/cookies/cookie-signer";
import {
  type HttpResult,
  hashPassword,
  type RedirectorHarness,
  startRedirectorHarness,
} from "./redirector-harness";

const ACCOUNT = "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01";
const HOST = "kurz.test";
const BROWSER_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const TEST_ID = "3f0c1a5e-7b2d-4c8e-9a61-0d5b7e2f4a10";
const COOKIE = "kz_ab_3f0c1a5e7b2d4c8e9a610d5b7e2f4a10";
const ATTRIBUTES = "; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax";
/** A signed cookie value: `<visitor id>.<variant id>.<mac>` (43 characters of MAC). */
const SIGNED = (variant: string) => `[A-Za-z0-9_-]{22}\\.${variant}\\.[A-Za-z0-9_-]{43}`;
/** The harness's secret: the cookies the redirector under test would have set. */
const cookies = createAbCookies(createCookieSigner("test-secret"));
function signed(visitorId: string, variantId = ""): string {
  return cookies.format(TEST_ID, visitorId, variantId, false).split(";")[0] as string;
}
const A = "a1a1a1a1-0000-4000-8000-00000000000a";
const B = "b2b2b2b2-0000-4000-8000-00000000000b";
const C = "c3c3c3c3-0000-4000-8000-00000000000c";
const URLS: Record<string, string> = {
  [A]: "https://example.com/landing-a?utm_source=kurz",
  [B]: "https://example.com/landing-b?utm_source=kurz",
  [C]: "https://example.com/landing-c?utm_source=kurz",
};
const WEIGHTS: Record<string, number> = { [A]: 50, [B]: 30, [C]: 20 };
function variant(variantId: string, weight = WEIGHTS[variantId], destinationUrl = URLS[variantId]) {
  return create(linksV1.AbVariantSchema, { variantId, destinationUrl, weight, control: variantId === A });
}
/** Control first; 50/30/20. */
const SPLIT = [variant(A), variant(B), variant(C)];
const PASSWORD = "open sesame";

let seq = 0;
function link(overrides: Partial<TestLinkSnapshot> & { code: string }): TestLinkSnapshot {
  seq++;
  return {
    linkId: `00000000-0000-4000-8000-ab${String(seq).padStart(10, "0")}`,
    accountId: ACCOUNT,
    host: HOST,
    destinationUrl: `https://example.com/${overrides.code}`,
    trackingEnabled: true,
    version: 1n,
    ...overrides,
  };
}

const underTest = { abTestId: TEST_ID, abVariants: SPLIT };
const fixtures = {
  split: link({ code: "ab-split", dynamic: true, ...underTest }),
  sticky: link({ code: "ab-sticky", dynamic: true, ...underTest }),
  notDynamic: link({ code: "ab-static", ...underTest }),
  converting: link({ code: "ab-conv", dynamic: true, conversionTracking: true, ...underTest }),
  forged: link({ code: "ab-forged", dynamic: true, ...underTest }),
  unmarked: link({
    code: "ab-unmarked",
    dynamic: true,
    abTestId: TEST_ID,
    abVariants: SPLIT.map((variant) => create(linksV1.AbVariantSchema, { ...variant, control: false })),
  }),
  edited: link({ code: "ab-edit", dynamic: true, ...underTest }),
  protected: link({ code: "ab-secret", dynamic: true, passwordHash: hashPassword(PASSWORD), ...underTest }),
  oneVariant: link({ code: "ab-one", abTestId: TEST_ID, abVariants: SPLIT.slice(0, 1) }),
  paused: link({ code: "ab-paused", dynamic: true }),
  plain: link({ code: "plain1" }),
};

let h: RedirectorHarness;
/** Keep-alive connections: the split test sends 10,000 requests. */
const agent = new Agent({ keepAlive: true, maxSockets: 50 });

beforeAll(async () => {
  h = await startRedirectorHarness(Object.values(fixtures));
});

afterAll(async () => {
  agent.destroy();
  await h?.close();
});

/** A real HTTP request (fast path once the link is cached). No User-Agent unless given. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<HttpResult> {
  return new Promise<HttpResult>((resolve, reject) => {
    const req = httpRequest(
      `${h.baseUrl}${path}`,
      { method, headers: { host: HOST, ...headers }, agent },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function browse(path: string, cookie?: string): Promise<HttpResult> {
  return send("GET", path, { "user-agent": BROWSER_UA, ...(cookie === undefined ? {} : { cookie }) });
}

/** The variant a location points at. */
function variantAt(location: string | undefined): string | undefined {
  return Object.keys(URLS).find((variantId) => URLS[variantId] === location);
}

/** What the hash gives a visitor id under the 50/30/20 split. */
function hashedVariant(visitorId: string): string {
  return pickVariant(SPLIT, hashBucket(TEST_ID, visitorId)).variantId;
}

/** A visitor id the hash sends somewhere other than `variantId`. */
function visitorNotHashedTo(variantId: string): string {
  for (let i = 0; ; i++) if (hashedVariant(`elsewhere-${i}`) !== variantId) return `elsewhere-${i}`;
}

function clicksOf(linkId: string | undefined) {
  return h.clicks.filter((click) => click.linkId === linkId);
}

function setCookieOf(response: HttpResult): string[] {
  return response.headers["set-cookie"] ?? [];
}

describe("A/B routing", () => {
  it("splits 10,000 distinct visitors 50/30/20 (chi-square goodness of fit, p > 0.001)", async () => {
    const visitors = Array.from({ length: 10_000 }, (_, i) => `visitor-${String(i).padStart(5, "0")}`);
    const served = new Map<string, string | undefined>();
    for (let i = 0; i < visitors.length; i += 200) {
      const batch = visitors.slice(i, i + 200);
      const responses = await Promise.all(batch.map((id) => browse("/ab-split", signed(id))));
      responses.forEach((response, j) => {
        expect(response.statusCode).toBe(302);
        // A signed cookie holding a visitor id is kept as it is.
        expect(response.headers["set-cookie"]).toBeUndefined();
        served.set(batch[j] as string, variantAt(response.headers.location));
      });
    }
    const counts = new Map<string | undefined, number>();
    for (const variant of served.values()) counts.set(variant, (counts.get(variant) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([A, B, C]);
    let chiSquare = 0;
    for (const variantId of [A, B, C]) {
      const expected = (10_000 * (WEIGHTS[variantId] as number)) / 100;
      chiSquare += ((counts.get(variantId) ?? 0) - expected) ** 2 / expected;
    }
    // The 0.999 quantile of chi-square with 2 degrees of freedom.
    expect(chiSquare).toBeLessThan(13.816);

    // Every exposure was recorded with the visitor and the variant it was sent to.
    await h.drainClicks();
    const clicks = clicksOf(fixtures.split.linkId);
    expect(clicks).toHaveLength(10_000);
    for (const click of clicks) {
      expect(click.abTestId).toBe(TEST_ID);
      expect(click.variantId).toBe(served.get(click.abVisitorId));
      expect(click.destinationUrl).toBe(URLS[click.variantId]);
    }

    // The same visitor id gets the same variant on every visit (and as the hash says).
    for (const id of visitors.slice(0, 100)) {
      const again = await browse("/ab-split", signed(id));
      expect(variantAt(again.headers.location)).toBe(served.get(id));
      expect(served.get(id)).toBe(hashedVariant(id));
    }
  });

  it("gives a new visitor a visitor id and a cookie naming the variant, then keeps them there", async () => {
    const first = await browse("/ab-sticky");
    expect(first.statusCode).toBe(302);
    expect(first.headers["cache-control"]).toBe("no-store");
    const variant = variantAt(first.headers.location);
    expect(variant).toBeDefined();
    const [setCookie, ...more] = setCookieOf(first);
    expect(more).toEqual([]);
    expect(setCookie).toMatch(new RegExp(`^${COOKIE}=${SIGNED(variant as string)}${ATTRIBUTES}$`));
    const cookie = (setCookie as string).split(";")[0] as string;
    const visitorId = cookie.slice(COOKIE.length + 1, COOKIE.length + 23);
    expect(variant).toBe(hashedVariant(visitorId));

    for (let i = 0; i < 3; i++) {
      const again = await browse("/ab-sticky", `theme=dark; ${cookie}`);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers["set-cookie"]).toBeUndefined();
    }

    await h.drainClicks();
    const clicks = clicksOf(fixtures.sticky.linkId);
    expect(clicks).toHaveLength(4);
    for (const click of clicks) {
      expect(click).toMatchObject({
        abTestId: TEST_ID,
        variantId: variant,
        abVisitorId: visitorId,
        destinationUrl: first.headers.location,
        method: clicksV1.RequestMethod.GET,
      });
    }
  });

  it("keeps the variant named by the cookie even when the hash would pick another", async () => {
    const visitor = visitorNotHashedTo(C);
    const response = await browse("/ab-sticky", signed(visitor, C));
    expect(response.headers.location).toBe(URLS[C]);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("obeys no forged cookie: a made-up visitor naming a variant is a new visitor, hashed, not that one", async () => {
    // One client posing as 60 visitors of variant C, the old unsigned format and a stolen MAC alike.
    const genuine = signed("visitor-genuine", C);
    const stolenMac = genuine.slice(genuine.lastIndexOf(".") + 1);
    const forged = Array.from({ length: 60 }, (_, i) => {
      const visitor = `forged-visitor-${i}`;
      return {
        visitor,
        cookie: i % 2 === 0 ? `${COOKIE}=${visitor}.${C}` : `${COOKIE}=${visitor}.${C}.${stolenMac}`,
      };
    });
    const responses = [];
    for (const { cookie } of forged) responses.push(await browse("/ab-forged", cookie));

    await h.drainClicks();
    const clicks = clicksOf(fixtures.forged.linkId);
    expect(clicks).toHaveLength(forged.length);
    const forgedIds = new Set(forged.map(({ visitor }) => visitor));
    expect(clicks.filter((click) => forgedIds.has(click.abVisitorId))).toEqual([]);
    for (const response of responses) {
      // A new visitor id, routed by its hash, and told so in a new signed cookie.
      const [setCookie, ...more] = setCookieOf(response);
      expect(more).toEqual([]);
      const visitorId = String(setCookie).slice(COOKIE.length + 1, COOKIE.length + 23);
      const variantId = hashedVariant(visitorId);
      expect(setCookie).toBe(`${signed(visitorId, variantId)}${ATTRIBUTES}`);
      expect(response.headers.location).toBe(URLS[variantId]);
      expect(clicks.filter((click) => click.abVisitorId === visitorId)).toMatchObject([{ variantId }]);
    }
    // 60 fresh ids at 20 %: all of them in C would be chance of 0.2^60.
    expect(clicks.filter((click) => click.variantId === C).length).toBeLessThan(forged.length);
  });

  it("marks the cookie Secure when the visit came over https through a trusted proxy", async () => {
    const https = { "user-agent": BROWSER_UA, "x-forwarded-proto": "https" };
    const fast = await send("GET", "/ab-sticky", https);
    const fastify = await h.app.http.app.inject({
      method: "GET",
      url: "/ab-sticky",
      headers: { host: HOST, ...https },
    });
    for (const setCookie of [setCookieOf(fast)[0], String(fastify.headers["set-cookie"])]) {
      expect(setCookie).toMatch(new RegExp(`^${COOKIE}=${SIGNED("[\\w-]{36}")}${ATTRIBUTES}; Secure$`));
    }
    // Over plain http it is not (a Secure cookie would never come back).
    const plain = await send("GET", "/ab-sticky", { "user-agent": BROWSER_UA, "x-forwarded-proto": "http" });
    expect(setCookieOf(plain)[0]).toMatch(new RegExp(`${ATTRIBUTES}$`));
  });

  it("re-assigns a cookie naming an unknown variant and sets it again, keeping the visitor id", async () => {
    const visitor = "returning-visitor-1";
    const response = await browse("/ab-sticky", signed(visitor, "d4d4d4d4-0000-4000-8000-00000000000d"));
    const variant = hashedVariant(visitor);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(URLS[variant]);
    expect(setCookieOf(response)).toEqual([`${signed(visitor, variant)}${ATTRIBUTES}`]);
  });

  it("treats a malformed cookie as absent: a new visitor id and a new cookie", async () => {
    for (const value of ["x", "has space.still-bad", "ok-visitor-1.;"]) {
      const response = await browse("/ab-sticky", `${COOKIE}=${value}`);
      expect(response.statusCode).toBe(302);
      expect(setCookieOf(response)[0]).toMatch(new RegExp(`^${COOKIE}=[A-Za-z0-9_-]{22}\\.`));
    }
  });

  it("sends bots and HEAD requests to the control, without a cookie or an exposure", async () => {
    const cookie = signed("crawler-visitor", C);
    const answers = [
      await send("GET", "/ab-sticky", { "user-agent": GOOGLEBOT_UA, cookie }),
      await send("GET", "/ab-sticky", { "user-agent": GOOGLEBOT_UA }),
      // No User-Agent at all counts as a bot.
      await send("GET", "/ab-sticky", { cookie }),
      await send("HEAD", "/ab-sticky", { "user-agent": BROWSER_UA, cookie }),
      await send("HEAD", "/ab-sticky", { "user-agent": BROWSER_UA }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(URLS[A]);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["set-cookie"]).toBeUndefined();
    }

    await h.drainClicks();
    const clicks = clicksOf(fixtures.sticky.linkId).slice(-answers.length);
    expect(clicks.map((click) => click.method)).toEqual([
      clicksV1.RequestMethod.GET,
      clicksV1.RequestMethod.GET,
      clicksV1.RequestMethod.GET,
      clicksV1.RequestMethod.HEAD,
      clicksV1.RequestMethod.HEAD,
    ]);
    for (const click of clicks) {
      expect(click).toMatchObject({ abTestId: "", variantId: "", abVisitorId: "", destinationUrl: URLS[A] });
    }
  });

  it("answers 302 with no-store while a test runs, even on a link that is not dynamic", async () => {
    // The first request resolves the link (fastify), the second is answered by the fast path.
    for (let i = 0; i < 2; i++) {
      const response = await browse("/ab-static", signed("visitor-static", B));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(URLS[B]);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("appends the click id to the variant's destination when conversion tracking is on", async () => {
    const response = await browse("/ab-conv", signed("visitor-conv", B));
    const location = String(response.headers.location);
    expect(location).toMatch(
      /^https:\/\/example\.com\/landing-b\?utm_source=kurz&svc_click_id=[0-9a-f-]{36}$/,
    );
    await h.drainClicks();
    const [click] = clicksOf(fixtures.converting.linkId);
    expect(click).toMatchObject({
      clickId: new URL(location).searchParams.get("svc_click_id"),
      variantId: B,
      abVisitorId: "visitor-conv",
      destinationUrl: URLS[B],
    });
  });

  it("takes the first variant as the control when none is marked", async () => {
    const response = await send("GET", "/ab-unmarked", { "user-agent": GOOGLEBOT_UA });
    expect(response.headers.location).toBe(URLS[A]);
  });

  it("moves nobody when a variant's destination or the weights are edited", async () => {
    const cookie = signed("visitor-edit", B);
    expect((await browse("/ab-edit", cookie)).headers.location).toBe(URLS[B]);
    const edited = h.links.set({
      ...fixtures.edited,
      version: 2n,
      abVariants: [variant(A, 100), variant(B, 0, "https://example.com/b-v2"), variant(C, 0)],
    });
    await h.publishLinkChange("link.updated", edited);
    const after = await browse("/ab-edit", cookie);
    expect(after.headers.location).toBe("https://example.com/b-v2");
    expect(after.headers["set-cookie"]).toBeUndefined();
    // New visitors follow the new weights.
    expect((await browse("/ab-edit")).headers.location).toBe(URLS[A]);
  });

  it("answers on the fastify path exactly as on the fast path", async () => {
    // inject() goes straight to fastify's router, past the server's request listener.
    const cookie = signed("visitor-fastify");
    const fast = await browse("/ab-sticky", cookie);
    const fastify = await h.app.http.app.inject({
      method: "GET",
      url: "/ab-sticky",
      headers: { host: HOST, "user-agent": BROWSER_UA, cookie },
    });
    expect(fastify.statusCode).toBe(302);
    expect(fastify.headers.location).toBe(fast.headers.location);
    expect(fastify.headers["cache-control"]).toBe("no-store");
    expect(fastify.headers["set-cookie"]).toBeUndefined();

    const fresh = await h.app.http.app.inject({
      method: "GET",
      url: "/ab-sticky",
      headers: { host: HOST, "user-agent": BROWSER_UA },
    });
    const variant = variantAt(fresh.headers.location as string);
    expect(fresh.headers["set-cookie"]).toMatch(
      new RegExp(`^${COOKIE}=${SIGNED(variant as string)}${ATTRIBUTES}$`),
    );
    const bot = await h.app.http.app.inject({
      method: "HEAD",
      url: "/ab-sticky",
      headers: { host: HOST, "user-agent": BROWSER_UA, cookie },
    });
    expect(bot.headers.location).toBe(URLS[A]);
    expect(bot.headers["set-cookie"]).toBeUndefined();
  });

  it("sends a password link's visitor to their variant with 303 after the form, setting both cookies", async () => {
    const form = { "user-agent": BROWSER_UA, "content-type": "application/x-www-form-urlencoded" };
    const body = new URLSearchParams({ password: PASSWORD }).toString();
    const fresh = await send("POST", "/ab-secret", form, body);
    expect(fresh.statusCode).toBe(303);
    expect(fresh.headers["cache-control"]).toBe("no-store");
    const variant = variantAt(fresh.headers.location);
    expect(variant).toBeDefined();
    const cookies = setCookieOf(fresh);
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(
      /^kurz_pw_[\w-]+=[\w.-]+; Max-Age=86400; Path=\/ab-secret; HttpOnly; SameSite=Lax$/,
    );
    expect(cookies[1]).toMatch(new RegExp(`^${COOKIE}=${SIGNED(variant as string)}${ATTRIBUTES}$`));

    // A visitor already in the test keeps their variant through the form, and their cookie.
    const returning = await send(
      "POST",
      "/ab-secret",
      { ...form, cookie: signed("visitor-secret", C) },
      body,
    );
    expect(returning.statusCode).toBe(303);
    expect(returning.headers.location).toBe(URLS[C]);
    expect(setCookieOf(returning).map((cookie) => cookie.split("=")[0])).toEqual([
      expect.stringMatching(/^kurz_pw_/),
    ]);
  });

  it("does not route a link whose test has fewer than two variants or is paused", async () => {
    const one = await browse("/ab-one", signed("visitor-one", A));
    expect(one.statusCode).toBe(301);
    expect(one.headers.location).toBe("https://example.com/ab-one");
    expect(one.headers["set-cookie"]).toBeUndefined();
    const paused = await browse("/ab-paused", signed("visitor-paused", A));
    expect(paused.statusCode).toBe(302);
    expect(paused.headers.location).toBe("https://example.com/ab-paused");
    expect(paused.headers["set-cookie"]).toBeUndefined();
    await h.drainClicks();
    for (const click of [...clicksOf(fixtures.oneVariant.linkId), ...clicksOf(fixtures.paused.linkId)]) {
      expect(click).toMatchObject({ abTestId: "", variantId: "", abVisitorId: "" });
    }
  });

  it("answers a link without a test exactly as before, whatever A/B cookies the visitor holds", async () => {
    const without = await browse("/plain1");
    const withCookie = await browse("/plain1", signed("visitor-plain", A));
    for (const response of [without, withCookie]) {
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe("https://example.com/plain1");
      expect(response.headers["cache-control"]).toBe("private, max-age=300");
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect(Object.keys(withCookie.headers).sort()).toEqual(Object.keys(without.headers).sort());
    await h.drainClicks();
    const clicks = clicksOf(fixtures.plain.linkId);
    expect(clicks).toHaveLength(2);
    for (const click of clicks) {
      expect(click).toMatchObject({
        abTestId: "",
        variantId: "",
        abVisitorId: "",
        destinationUrl: "https://example.com/plain1",
      });
    }
  });
});
