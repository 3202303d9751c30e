import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { clicksV1 } from "@kurz/proto";
import { type TestLinkSnapshot, waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickCounterKey } from "../src/redirect/click-counter";
import { hashPassword, type RedirectorHarness, startRedirectorHarness } from "./redirector-harness";

const ACCOUNT = "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01";
const HOST = "kurz.test";
const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SLACKBOT_UA = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

let seq = 0;
function link(overrides: Partial<TestLinkSnapshot> & { code: string }): TestLinkSnapshot {
  seq++;
  return {
    linkId: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    accountId: ACCOUNT,
    host: HOST,
    destinationUrl: `https://example.com/${overrides.code}`,
    trackingEnabled: true,
    version: 1n,
    ...overrides,
  };
}

const PASSWORD = "open sesame";
const fixtures = {
  static: link({ code: "static1" }),
  static2: link({ code: "static2" }),
  dynamic: link({ code: "dyn1", dynamic: true }),
  untracked: link({ code: "quiet1", trackingEnabled: false }),
  converting: link({
    code: "conv1",
    conversionTracking: true,
    destinationUrl: "https://shop.example/p?a=1#top",
  }),
  expiredByDate: link({ code: "old1", expiresAt: timestampFromMs(Date.now() - 60_000) }),
  expiredWithUrl: link({
    code: "old2",
    expiresAt: timestampFromMs(Date.now() - 60_000),
    expiredUrl: "https://example.com/sorry",
  }),
  expiringLater: link({ code: "soon1" }),
  capped: link({ code: "cap1", maxClicks: 3n }),
  cappedShared: link({ code: "cap2", maxClicks: 5n }),
  protected: link({ code: "secret1", passwordHash: hashPassword(PASSWORD) }),
  branded: link({
    code: "promo",
    host: "go.brand-example.com",
    destinationUrl: "https://brand-example.com/sale",
  }),
  subdomain: link({ code: "promo", host: "acme.kurz.test", destinationUrl: "https://acme.example/promo" }),
  healthz: link({ code: "healthz", destinationUrl: "https://example.com/health-article" }),
  qr: link({ code: "qr1", qr: true, campaignId: "3f1c9d55-9a1e-4f3a-8d2b-1c2d3e4f5a6b" }),
  editable: link({ code: "edit1", dynamic: true }),
  doomed: link({ code: "doomed1" }),
  moving: link({ code: "move1" }),
};

let h: RedirectorHarness;

beforeAll(async () => {
  h = await startRedirectorHarness(Object.values(fixtures));
});

afterAll(async () => {
  await h?.close();
});

/** A real HTTP GET from 127.0.0.1 (a trusted proxy by default). */
function get(path: string, headers: Record<string, string> = {}) {
  return h.http("GET", path, { host: `${HOST}:8080`, "user-agent": BROWSER_UA, ...headers });
}

function head(path: string, headers: Record<string, string> = {}) {
  return h.http("HEAD", path, { host: HOST, ...headers });
}

function clicksOf(linkId: string) {
  return h.clicks.filter((click) => click.linkId === linkId);
}

describe("redirects", () => {
  it("redirects a static link with 301 and a short private max-age, and records the click", async () => {
    const response = await get("/static1?utm_source=newsletter&utm_campaign=spring", {
      referer: "https://news.example.org/post",
      "x-forwarded-for": "81.2.69.142",
    });
    expect(response.statusCode).toBe(301);
    // The visit's query goes on to the destination, as Bitly, Dub and Shlink pass it.
    expect(response.headers.location).toBe(
      "https://example.com/static1?utm_source=newsletter&utm_campaign=spring",
    );
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    expect(response.body).toBe("");

    await h.drainClicks();
    const [click] = clicksOf(fixtures.static.linkId as string);
    expect(click).toMatchObject({
      accountId: ACCOUNT,
      host: HOST,
      code: "static1",
      destinationUrl: "https://example.com/static1",
      userAgent: BROWSER_UA,
      referrer: "https://news.example.org/post",
      ip: "81.2.69.142",
      method: clicksV1.RequestMethod.GET,
      utm: { source: "newsletter", campaign: "spring", medium: "" },
    });
    expect(click?.clickId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(click?.clickedAt).toBeDefined();
  });

  it("answers a repeated request (served from the in-process cache) exactly like the first", async () => {
    const first = await get("/static2");
    const repeated = await get("/static2", { "x-forwarded-for": "81.2.69.142" });
    for (const response of [first, repeated]) {
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe("https://example.com/static2");
      expect(response.headers["cache-control"]).toBe("private, max-age=300");
    }
    await h.drainClicks();
    const clicks = clicksOf(fixtures.static2.linkId as string);
    expect(clicks.map((c) => c.ip)).toEqual(["127.0.0.1", "81.2.69.142"]);
    expect(new Set(clicks.map((c) => c.clickId)).size).toBe(2);
  });

  it("redirects a dynamic link with 302 and no-store", async () => {
    const response = await get("/dyn1");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://example.com/dyn1");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("cuts the max-age of a static link to its expiry", async () => {
    // Its expiry set now, not when the file loaded: a slow start must not expire it first.
    h.links.set({ ...fixtures.expiringLater, expiresAt: timestampFromMs(Date.now() + 60_000) });
    const response = await get("/soon1");
    expect(response.statusCode).toBe(301);
    const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers["cache-control"]))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);
  });

  it("appends the click id as svc_click_id when conversion tracking is on, before the fragment", async () => {
    const response = await get("/conv1");
    expect(response.statusCode).toBe(301);
    expect(response.headers["cache-control"]).toBe("no-store");
    const location = String(response.headers.location);
    expect(location).toMatch(/^https:\/\/shop\.example\/p\?a=1&svc_click_id=[0-9a-f-]{36}#top$/);
    await h.drainClicks();
    const clickId = new URL(location).searchParams.get("svc_click_id");
    expect(clicksOf(fixtures.converting.linkId as string).map((c) => c.clickId)).toEqual([clickId]);
    expect(clicksOf(fixtures.converting.linkId as string)[0]?.destinationUrl).toBe(
      "https://shop.example/p?a=1#top",
    );
  });

  it("passes the visit's query on: its parameters replace the link's of the same name, the fragment stays last, a visitor's svc_click_id is dropped", async () => {
    const response = await get("/conv1?a=2&b=x%20y&svc_click_id=forged&b=z");
    const location = String(response.headers.location);
    expect(location).toMatch(/^https:\/\/shop\.example\/p\?a=2&b=x\+y&b=z&svc_click_id=[0-9a-f-]{36}#top$/);
    await h.drainClicks();
    const clickId = new URL(location).searchParams.get("svc_click_id");
    expect(clicksOf(fixtures.converting.linkId as string).map((c) => c.clickId)).toContain(clickId);
  });

  it("sends no click event for a link with tracking disabled", async () => {
    const response = await get("/quiet1");
    expect(response.statusCode).toBe(301);
    await get("/static1");
    await h.drainClicks();
    expect(clicksOf(fixtures.untracked.linkId as string)).toEqual([]);
  });

  it("answers HEAD like GET, and flags its click event as HEAD", async () => {
    const before = clicksOf(fixtures.dynamic.linkId as string).length;
    const response = await head("/dyn1", { "user-agent": BROWSER_UA });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://example.com/dyn1");
    await h.drainClicks();
    const clicks = clicksOf(fixtures.dynamic.linkId as string);
    expect(clicks.length).toBe(before + 1);
    expect(clicks.at(-1)?.method).toBe(clicksV1.RequestMethod.HEAD);
  });

  it("marks QR links' clicks and carries the campaign", async () => {
    await get("/qr1");
    await h.drainClicks();
    expect(clicksOf(fixtures.qr.linkId as string)[0]).toMatchObject({
      qr: true,
      campaignId: fixtures.qr.campaignId,
    });
  });

  it("answers an unknown code with a 404 page and caches the miss", async () => {
    const before = h.links.resolveCalls();
    const first = await get("/nothing-here");
    expect(first.statusCode).toBe(404);
    expect(first.headers["content-type"]).toContain("text/html");
    expect(first.body).toContain("Link not found");
    const second = await get("/nothing-here");
    expect(second.statusCode).toBe(404);
    expect(h.links.resolveCalls()).toBe(before + 1);
  });

  it("answers a path that cannot be a code with a 404 page without asking link-api", async () => {
    const before = h.links.resolveCalls();
    const response = await get("/no%20spaces");
    expect(response.statusCode).toBe(404);
    expect(h.links.resolveCalls()).toBe(before);
  });

  it("caches a resolved link: repeated redirects ask link-api once", async () => {
    await get("/static1");
    const before = h.links.resolveCalls();
    for (let i = 0; i < 5; i++) expect((await get("/static1")).statusCode).toBe(301);
    expect(h.links.resolveCalls()).toBe(before);
  });
});

describe("expiry", () => {
  it("answers a link past its expiry date with a 410 page", async () => {
    const response = await get("/old1");
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain("expired");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("sends a link past its expiry date to its expired URL", async () => {
    const response = await get("/old2");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://example.com/sorry");
  });

  it("expires a link after its click cap; bots and HEAD requests do not use it up", async () => {
    for (let i = 0; i < 2; i++) expect((await get("/cap1")).statusCode).toBe(301);
    expect((await get("/cap1", { "user-agent": SLACKBOT_UA })).statusCode).toBe(301);
    expect((await head("/cap1")).statusCode).toBe(301);
    expect((await get("/cap1")).statusCode).toBe(301);
    const over = await get("/cap1");
    expect(over.statusCode).toBe(410);
    expect((await get("/cap1")).statusCode).toBe(410);
    expect((await get("/cap1", { "user-agent": SLACKBOT_UA })).statusCode).toBe(410);
  });

  it("counts a capped link's clicks in the shared cache store, which every replica increments", async () => {
    const key = clickCounterKey(fixtures.cappedShared.linkId ?? "");
    for (let i = 0; i < 3; i++) expect((await get("/cap2")).statusCode).toBe(301);
    expect(await h.cache.cache.get(key)).toBe("3");
    // Two clicks counted by another replica: the sixth click overall is over the cap of 5.
    expect(await h.cache.cache.increment(key, 2, 60_000)).toBe(5);
    expect((await get("/cap2")).statusCode).toBe(410);
    expect(await h.cache.cache.get(key)).toBe("6");
  });
});

describe("password-protected links", () => {
  const CLIENT = "198.51.100.7";

  function submit(password: string, remote = CLIENT, path = "/secret1") {
    return h.http(
      "POST",
      path,
      {
        host: HOST,
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": BROWSER_UA,
        "x-forwarded-for": remote,
      },
      new URLSearchParams({ password }).toString(),
    );
  }

  it("shows the password form instead of redirecting", async () => {
    const response = await get("/secret1");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain('<form method="post" action="/secret1">');
    expect(response.headers.location).toBeUndefined();
  });

  it("refuses a wrong password with the form and an error", async () => {
    const response = await submit("wrong");
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("Wrong password");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("redirects after the right password and remembers it in a cookie for that link", async () => {
    const response = await submit(PASSWORD, "198.51.100.8");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("https://example.com/secret1");
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(
      /^kurz_pw_[\w-]+=\d+\.[\w-]+; Max-Age=86400; Path=\/secret1; HttpOnly; SameSite=Lax$/,
    );
    const cookie = setCookie.split(";")[0] as string;

    const again = await get("/secret1", { cookie });
    expect(again.statusCode).toBe(301);
    expect(again.headers.location).toBe("https://example.com/secret1");

    const forged = await get("/secret1", { cookie: cookie.replace(/\.[\w-]+$/, ".AAAA") });
    expect(forged.statusCode).toBe(200);

    await h.drainClicks();
    const methods = clicksOf(fixtures.protected.linkId as string).map((c) => c.method);
    expect(methods).toEqual([clicksV1.RequestMethod.POST, clicksV1.RequestMethod.GET]);
  });

  it("throttles password attempts per visitor with 429 and Retry-After", async () => {
    const remote = "198.51.100.9";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit("guess", remote)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const throttled = await submit(PASSWORD, remote);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await submit(PASSWORD, "198.51.100.10")).statusCode).toBe(303);
  });

  it("keeps the visit's query through the form and passes it on after the password", async () => {
    const form = await get("/secret1?ref=mail&x=%3Cb%3E");
    expect(form.body).toContain('action="/secret1?ref=mail&amp;x=%3Cb%3E"');
    const response = await submit(PASSWORD, "198.51.100.11", "/secret1?ref=mail&x=%3Cb%3E");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("https://example.com/secret1?ref=mail&x=%3Cb%3E");
  });
});

describe("hosts", () => {
  it("resolves a branded domain from the Host header", async () => {
    const response = await get("/promo", { host: "Go.Brand-Example.com" });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("https://brand-example.com/sale");
  });

  it("resolves a subdomain of the shared host given by a trusted proxy's X-Forwarded-Host", async () => {
    const response = await get("/promo", {
      host: "127.0.0.1:3003",
      "x-forwarded-host": "acme.kurz.test:8080",
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("https://acme.example/promo");
  });

  it("ignores X-Forwarded-Host and X-Forwarded-For from an untrusted client", async () => {
    // inject() can pose as a remote address that is not a trusted proxy.
    const referrer = `https://untrusted.example/${Date.now()}`;
    const response = await h.app.http.app.inject({
      method: "GET",
      url: "/promo",
      headers: {
        host: "go.brand-example.com",
        "x-forwarded-host": "acme.kurz.test",
        "x-forwarded-for": "81.2.69.142",
        referer: referrer,
      },
      remoteAddress: "203.0.113.50",
    });
    expect(response.headers.location).toBe("https://brand-example.com/sale");
    await h.drainClicks();
    // This visit's click by its referrer: other tests' clicks of the link may arrive after it.
    const clicks = clicksOf(fixtures.branded.linkId as string).filter((c) => c.referrer === referrer);
    expect(clicks.map((click) => click.ip)).toEqual(["203.0.113.50"]);
  });

  it("folds the standard host's aliases into it", async () => {
    const response = await get("/static1", { host: "127.0.0.1:8080" });
    expect(response.statusCode).toBe(301);
  });

  it("serves a code named like a probe to forwarded visitors, and the probe to everyone else", async () => {
    const visitor = await get("/healthz", { "x-forwarded-for": "81.2.69.142" });
    expect(visitor.statusCode).toBe(301);
    expect(visitor.headers.location).toBe("https://example.com/health-article");
    // Twice: the second visitor request is answered from the in-process cache.
    expect((await get("/healthz", { "x-forwarded-for": "81.2.69.142" })).statusCode).toBe(301);
    for (let i = 0; i < 2; i++) {
      const probe = await h.http("GET", "/healthz");
      expect(probe.statusCode).toBe(200);
      expect(JSON.parse(probe.body)).toEqual({ status: "ok", service: "redirector" });
    }
  });
});

describe("cache invalidation", () => {
  it("redirects to the new destination right after a link.updated event", async () => {
    expect((await get("/edit1")).headers.location).toBe("https://example.com/edit1");
    const updated = h.links.set({
      ...fixtures.editable,
      destinationUrl: "https://example.com/v2",
      version: 2n,
    });
    await h.publishLinkChange("link.updated", updated);
    expect((await get("/edit1")).headers.location).toBe("https://example.com/v2");
  });

  it("ignores a replayed older snapshot", async () => {
    const stale = h.links.set({
      ...fixtures.editable,
      destinationUrl: "https://example.com/v0",
      version: 1n,
    });
    await h.publishLinkChange("link.updated", stale);
    expect((await get("/edit1")).headers.location).toBe("https://example.com/v2");
  });

  it("answers 404 right after a link.deleted event", async () => {
    expect((await get("/doomed1")).statusCode).toBe(301);
    h.links.remove(HOST, "doomed1");
    const deleted = h.links.set({ ...fixtures.doomed });
    h.links.remove(HOST, "doomed1");
    await h.publishLinkChange("link.deleted", deleted);
    expect((await get("/doomed1")).statusCode).toBe(404);
  });

  it("forgets the old code of a link whose code changed and serves the new one", async () => {
    expect((await get("/move1")).statusCode).toBe(301);
    h.links.remove(HOST, "move1");
    // The new code was asked for before it existed: a cached miss the event must clear too.
    expect((await get("/moved1")).statusCode).toBe(404);
    const moved = h.links.set({ ...fixtures.moving, code: "moved1", version: 2n });
    await h.publishLinkChange("link.updated", moved, { host: HOST, code: "move1" });
    expect((await get("/move1")).statusCode).toBe(404);
    expect((await get("/moved1")).headers.location).toBe("https://example.com/move1");
  });
});

describe("link-api outage", () => {
  it("keeps serving cached links and answers 503 for links it has never seen", async () => {
    await get("/static1");
    h.links.setFailing(true);
    try {
      expect((await get("/static1")).statusCode).toBe(301);
      const unknown = await get("/never-seen");
      expect(unknown.statusCode).toBe(503);
      expect(unknown.headers["retry-after"]).toBe("5");
    } finally {
      h.links.setFailing(false);
    }
    await waitFor(async () => (await get("/never-seen")).statusCode, {
      until: (status) => status === 404,
      what: "link-api to answer again (404 for a code it has never seen)",
    });
  });
});
