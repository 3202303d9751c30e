import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { TestClock } from "@kurz/clock";
import { linksV1 } from "@kurz/proto";
import type { TestLinkSnapshot } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, type RedirectorHarness, startRedirectorHarness } from "./redirector-harness";
import { writeTestGeoDatabase } from "./support/write-test-geo-database";

const ACCOUNT = "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01";
const HOST = "kurz.test";
const UA = {
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  ubuntuFirefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
  twitterbot: "Twitterbot/1.0",
  imessage: "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
} as const;

// The test geo database (MaxMind City layout, with region codes); the test presents these
// addresses through X-Forwarded-For from 127.0.0.1, a trusted proxy by default.
const MUNICH = "198.51.100.7";
const PARIS = "203.0.113.9";
const geoDatabase = writeTestGeoDatabase([
  {
    network: "198.51.100.0/24",
    country: "DE",
    subdivision: "BY",
    subdivisionName: "Bavaria",
    city: "Munich",
  },
  {
    network: "203.0.113.0/24",
    country: "FR",
    subdivision: "IDF",
    subdivisionName: "Île-de-France",
    city: "Paris",
  },
]);

const START = Date.parse("2026-06-01T12:00:00Z");
const HOUR = 3_600_000;

type ConditionInit = { type: string; values?: string[]; name?: string; value?: string; at?: number };

function rule(id: string, destinationUrl: string, ...conditions: ConditionInit[]) {
  return create(linksV1.RedirectRuleSchema, {
    id,
    destinationUrl,
    conditions: conditions.map(({ at, ...c }) => ({
      ...c,
      ...(at === undefined ? {} : { at: timestampFromMs(at) }),
    })),
  });
}

let seq = 0;
function link(overrides: Partial<TestLinkSnapshot> & { code: string }): TestLinkSnapshot {
  seq++;
  return {
    linkId: `00000000-0000-4000-8000-ee${String(seq).padStart(10, "0")}`,
    accountId: ACCOUNT,
    host: HOST,
    destinationUrl: `https://example.com/${overrides.code}`,
    trackingEnabled: true,
    version: 1n,
    ...overrides,
  };
}

/** A link whose one rule (holding `condition`) sends to `/<code>/rule`. */
function oneRule(code: string, condition: ConditionInit, overrides: Partial<TestLinkSnapshot> = {}) {
  return link({
    code,
    rules: [rule(`${code}-rule`, `https://example.com/${code}/rule`, condition)],
    ...overrides,
  });
}

const PASSWORD = "open sesame";
const A = "a1a1a1a1-0000-4000-8000-00000000000a";
const B = "b2b2b2b2-0000-4000-8000-00000000000b";
const fixtures = [
  oneRule("device1", { type: "device", values: ["mobile"] }),
  oneRule("os1", { type: "os", values: ["android"] }),
  oneRule("browser1", { type: "browser", values: ["firefox"] }),
  oneRule("lang1", { type: "language", values: ["de"] }),
  oneRule("country1", { type: "country", values: ["DE"] }),
  oneRule("region1", { type: "region", values: ["DE-BY"] }),
  oneRule("city1", { type: "city", values: ["Paris"] }),
  oneRule("qp1", { type: "query_param", name: "ref" }),
  oneRule("qp2", { type: "query_param", name: "utm_source", value: "newsletter" }),
  oneRule("ip4", { type: "ip", values: ["192.0.2.0/24"] }),
  oneRule("ip6", { type: "ip", values: ["2001:db8::/32"] }),
  oneRule("ref1", { type: "referrer_host", values: ["example.org"] }),
  oneRule("conv1", { type: "language", values: ["de"] }, { conversionTracking: true }),
  link({
    code: "time1",
    rules: [
      rule("later", "https://example.com/time1/later", { type: "after", at: START + HOUR }),
      rule("earlier", "https://example.com/time1/earlier", { type: "before", at: START + HOUR }),
    ],
  }),
  link({
    code: "order1",
    rules: [
      rule("german", "https://example.com/order1/de", { type: "language", values: ["de"] }),
      rule("dach", "https://example.com/order1/dach", { type: "country", values: ["DE", "AT", "CH"] }),
    ],
  }),
  oneRule("expired1", { type: "language", values: ["de"] }, { expiresAt: timestampFromMs(START - 60_000) }),
  oneRule("locked1", { type: "language", values: ["de"] }, { passwordHash: hashPassword(PASSWORD) }),
  oneRule(
    "ab1",
    { type: "language", values: ["de"] },
    {
      dynamic: true,
      abTestId: "ab-test-1",
      abVariants: [
        create(linksV1.AbVariantSchema, {
          variantId: A,
          destinationUrl: "https://example.com/ab1/a",
          weight: 50,
          control: true,
        }),
        create(linksV1.AbVariantSchema, {
          variantId: B,
          destinationUrl: "https://example.com/ab1/b",
          weight: 50,
        }),
      ],
    },
  ),
  oneRule(
    "app1",
    { type: "language", values: ["de"] },
    {
      iosUrl: "https://apps.apple.com/app/id123",
      androidUrl: "https://play.google.com/store/apps/details?id=x",
    },
  ),
  link({ code: "app2", iosUrl: "https://apps.apple.com/app/id123" }),
  link({
    code: "card1",
    destinationUrl: "https://example.com/card1?x=1&y=2",
    ogTitle: `Tom & Jerry's "<Sale>"`,
    ogDescription: "50% off <today>",
    ogImage: "https://cdn.example.com/card.png?w=1200&h=630",
  }),
  link({ code: "card3", ogTitle: "Head first", ogImage: "https://cdn.example.com/c.png" }),
  link({ code: "card4", ogTitle: "Frühlingsfest 🌸 春", ogDescription: "Grüße aus Köln" }),
  oneRule("card2", { type: "language", values: ["de"] }, { ogTitle: "Only a title" }),
];

let h: RedirectorHarness;
const clock = new TestClock({ at: new Date(START) });

beforeAll(async () => {
  h = await startRedirectorHarness(fixtures, { GEOIP_DATABASE_PATH: geoDatabase }, { clock });
});

afterAll(async () => {
  await h?.close();
});

function get(path: string, headers: Record<string, string> = {}) {
  return h.http("GET", path, { host: HOST, "user-agent": UA.windowsChrome, ...headers });
}

/**
 * Where a visit is sent, asked twice: the first visit of a link is answered by fastify (a cache
 * miss), the second by the fast path; both must agree.
 */
async function destination(path: string, headers: Record<string, string> = {}): Promise<string> {
  const first = await get(path, headers);
  const second = await get(path, headers);
  expect(first.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(302);
  expect(second.statusCode).toBe(302);
  expect(second.headers["cache-control"]).toBe("no-store");
  expect(second.headers.location).toBe(first.headers.location);
  return String(first.headers.location);
}

describe("each condition type, matched and missed, through real redirects", () => {
  it("device, os and browser from the User-Agent", async () => {
    expect(await destination("/device1", { "user-agent": UA.iphone })).toBe(
      "https://example.com/device1/rule",
    );
    expect(await destination("/device1")).toBe("https://example.com/device1");
    expect(await destination("/os1", { "user-agent": UA.samsung })).toBe("https://example.com/os1/rule");
    expect(await destination("/os1", { "user-agent": UA.iphone })).toBe("https://example.com/os1");
    expect(await destination("/browser1", { "user-agent": UA.ubuntuFirefox })).toBe(
      "https://example.com/browser1/rule",
    );
    expect(await destination("/browser1")).toBe("https://example.com/browser1");
  });

  it("language with q-values: a language accepted with q > 0 matches, q=0 refuses it", async () => {
    expect(await destination("/lang1", { "accept-language": "fr-FR, de-AT;q=0.5" })).toBe(
      "https://example.com/lang1/rule",
    );
    expect(await destination("/lang1", { "accept-language": "fr-FR, de;q=0" })).toBe(
      "https://example.com/lang1",
    );
    expect(await destination("/lang1")).toBe("https://example.com/lang1");
  });

  it("country, region and city from the address a trusted proxy forwarded", async () => {
    expect(await destination("/country1", { "x-forwarded-for": MUNICH })).toBe(
      "https://example.com/country1/rule",
    );
    expect(await destination("/country1", { "x-forwarded-for": PARIS })).toBe("https://example.com/country1");
    expect(await destination("/region1", { "x-forwarded-for": MUNICH })).toBe(
      "https://example.com/region1/rule",
    );
    expect(await destination("/region1", { "x-forwarded-for": PARIS })).toBe("https://example.com/region1");
    expect(await destination("/city1", { "x-forwarded-for": PARIS })).toBe("https://example.com/city1/rule");
    expect(await destination("/city1", { "x-forwarded-for": MUNICH })).toBe("https://example.com/city1");
    // An address the database does not know is nowhere.
    expect(await destination("/country1", { "x-forwarded-for": "192.0.2.1" })).toBe(
      "https://example.com/country1",
    );
  });

  it("query_param present or equal, the query passed on to the rule's destination", async () => {
    expect(await destination("/qp1?ref")).toBe("https://example.com/qp1/rule?ref=");
    expect(await destination("/qp1?other=1")).toBe("https://example.com/qp1?other=1");
    expect(await destination("/qp2?utm_source=newsletter")).toBe(
      "https://example.com/qp2/rule?utm_source=newsletter",
    );
    expect(await destination("/qp2?utm_source=ads")).toBe("https://example.com/qp2?utm_source=ads");
  });

  it("ip ranges, IPv4 and IPv6", async () => {
    expect(await destination("/ip4", { "x-forwarded-for": "192.0.2.44" })).toBe(
      "https://example.com/ip4/rule",
    );
    expect(await destination("/ip4", { "x-forwarded-for": "192.0.3.1" })).toBe("https://example.com/ip4");
    expect(await destination("/ip6", { "x-forwarded-for": "2001:db8::5" })).toBe(
      "https://example.com/ip6/rule",
    );
    expect(await destination("/ip6", { "x-forwarded-for": "2001:db9::1" })).toBe("https://example.com/ip6");
    expect(await destination("/ip6", { "x-forwarded-for": "192.0.2.44" })).toBe("https://example.com/ip6");
  });

  it("referrer_host: the host or a subdomain, never a look-alike", async () => {
    expect(await destination("/ref1", { referer: "https://news.example.org/today" })).toBe(
      "https://example.com/ref1/rule",
    );
    expect(await destination("/ref1", { referer: "https://badexample.org/" })).toBe(
      "https://example.com/ref1",
    );
    expect(await destination("/ref1")).toBe("https://example.com/ref1");
  });

  it("a rule's destination gets the conversion click id like the link's URL", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await get("/conv1?a=1", { "accept-language": "de" });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toMatch(
        /^https:\/\/example\.com\/conv1\/rule\?a=1&svc_click_id=[0-9a-f-]{36}$/,
      );
    }
  });
});

describe("the order of decisions", () => {
  it("takes the first rule that matches", async () => {
    const german = { "accept-language": "de", "x-forwarded-for": MUNICH };
    expect(await destination("/order1", german)).toBe("https://example.com/order1/de");
    expect(await destination("/order1", { "accept-language": "fr", "x-forwarded-for": MUNICH })).toBe(
      "https://example.com/order1/dach",
    );
    expect(await destination("/order1", { "accept-language": "fr", "x-forwarded-for": PARIS })).toBe(
      "https://example.com/order1",
    );
  });

  it("answers an expired link as expired whatever its rules say", async () => {
    expect((await get("/expired1", { "accept-language": "de" })).statusCode).toBe(410);
  });

  it("asks for a link's password before its rules, then sends to the rule's destination", async () => {
    const form = await get("/locked1", { "accept-language": "de" });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Password required");
    const unlocked = await h.http(
      "POST",
      "/locked1",
      {
        host: HOST,
        "user-agent": UA.windowsChrome,
        "accept-language": "de",
        "content-type": "application/x-www-form-urlencoded",
      },
      new URLSearchParams({ password: PASSWORD }).toString(),
    );
    expect(unlocked.statusCode).toBe(303);
    expect(unlocked.headers.location).toBe("https://example.com/locked1/rule");
    const cookie = String(unlocked.headers["set-cookie"]).split(";")[0] as string;
    expect(await destination("/locked1", { cookie, "accept-language": "de" })).toBe(
      "https://example.com/locked1/rule",
    );
    expect(await destination("/locked1", { cookie })).toBe("https://example.com/locked1");
  });

  it("routes a running A/B test only when no rule matched, and only then sets its cookie", async () => {
    const ruled = await get("/ab1", { "accept-language": "de" });
    expect(ruled.statusCode).toBe(302);
    expect(ruled.headers.location).toBe("https://example.com/ab1/rule");
    expect(ruled.headers["set-cookie"]).toBeUndefined();
    const split = await get("/ab1", { "accept-language": "fr" });
    expect(split.statusCode).toBe(302);
    expect(["https://example.com/ab1/a", "https://example.com/ab1/b"]).toContain(split.headers.location);
    expect(String(split.headers["set-cookie"])).toMatch(/^kz_ab_/);
  });

  it("sends iOS and Android visitors to the app links before any rule", async () => {
    const german = { "accept-language": "de" };
    expect(await destination("/app1", { ...german, "user-agent": UA.iphone })).toBe(
      "https://apps.apple.com/app/id123",
    );
    expect(await destination("/app1", { ...german, "user-agent": UA.samsung })).toBe(
      "https://play.google.com/store/apps/details?id=x",
    );
    expect(await destination("/app1", german)).toBe("https://example.com/app1/rule");
    expect(await destination("/app2", { "user-agent": UA.samsung })).toBe("https://example.com/app2");
    expect(await destination("/app2", { "user-agent": UA.iphone })).toBe("https://apps.apple.com/app/id123");
  });

  it("follows after/before on the shared clock, handing over at the instant", async () => {
    expect(await destination("/time1")).toBe("https://example.com/time1/earlier");
    clock.advance(HOUR);
    expect(await destination("/time1")).toBe("https://example.com/time1/later");
  });
});

const CARD_PAGE = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Tom &amp; Jerry&#39;s &quot;&lt;Sale&gt;&quot;</title>
<meta property="og:title" content="Tom &amp; Jerry&#39;s &quot;&lt;Sale&gt;&quot;">
<meta property="og:description" content="50% off &lt;today&gt;">
<meta property="og:image" content="https://cdn.example.com/card.png?w=1200&amp;h=630">
<meta property="og:url" content="http://kurz.test/card1">
<meta property="og:type" content="website">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="Tom &amp; Jerry&#39;s &quot;&lt;Sale&gt;&quot;">
<meta name="twitter:description" content="50% off &lt;today&gt;">
<meta name="twitter:image" content="https://cdn.example.com/card.png?w=1200&amp;h=630">
<meta http-equiv="refresh" content="0; url=https://example.com/card1?x=1&amp;y=2&amp;ref=chat">
</head>
<body><a href="https://example.com/card1?x=1&amp;y=2&amp;ref=chat">https://example.com/card1?x=1&amp;y=2&amp;ref=chat</a></body>
</html>
`;

describe("preview cards", () => {
  it("answers a link-preview crawler with the card page, every value escaped", async () => {
    for (const userAgent of [UA.twitterbot, UA.imessage, UA.twitterbot]) {
      const page = await get("/card1?ref=chat", { "user-agent": userAgent });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toBe(CARD_PAGE);
      expect(page.headers["content-length"]).toBe(String(Buffer.byteLength(CARD_PAGE)));
    }
  });

  it("sends a card beyond ASCII as UTF-8, its length counted in bytes", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await get("/card4", { "user-agent": UA.twitterbot });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta property="og:title" content="Frühlingsfest 🌸 春">');
      expect(page.body).toContain('<meta property="og:description" content="Grüße aus Köln">');
      expect(page.headers["content-length"]).toBe(String(Buffer.byteLength(page.body)));
    }
  });

  it("answers HEAD from a crawler with the same headers and no body", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await h.http("HEAD", "/card1?ref=chat", { host: HOST, "user-agent": UA.twitterbot });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(CARD_PAGE)));
      expect(answer.body).toBe("");
    }
    // A link first asked with HEAD (fastify answers it) and then with GET (the fast path).
    const first = await h.http("HEAD", "/card3", { host: HOST, "user-agent": UA.twitterbot });
    const page = await get("/card3", { "user-agent": UA.twitterbot });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe("");
    expect(page.body).toContain('<meta property="og:title" content="Head first">');
    for (const name of ["content-type", "cache-control", "content-length", "x-robots-tag"]) {
      expect(first.headers[name], name).toBe(page.headers[name]);
    }
  });

  it("redirects a browser, and points a crawler's card to the rule's destination", async () => {
    expect(await destination("/card1")).toBe("https://example.com/card1?x=1&y=2");
    const page = await get("/card2", { "user-agent": UA.twitterbot, "accept-language": "de" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta http-equiv="refresh" content="0; url=https://example.com/card2/rule">',
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary">');
    expect(page.body).not.toContain("og:image");
  });
});

describe("click events", () => {
  it("carry the matching rule's id and whether a card was answered", async () => {
    // Clicks of earlier visits first, so only this test's are counted.
    await h.drainClicks();
    const before = h.clicks.length;
    await get("/lang1", { "accept-language": "de" });
    await get("/lang1", { "accept-language": "fr" });
    await get("/card2", { "user-agent": UA.twitterbot, "accept-language": "de" });
    await get("/card1", { "user-agent": UA.twitterbot });
    await h.drainClicks();
    const clicks = h.clicks.slice(before).map((c) => ({
      code: c.code,
      ruleId: c.ruleId,
      preview: c.preview,
      destinationUrl: c.destinationUrl,
    }));
    expect(clicks).toEqual([
      {
        code: "lang1",
        ruleId: "lang1-rule",
        preview: false,
        destinationUrl: "https://example.com/lang1/rule",
      },
      { code: "lang1", ruleId: "", preview: false, destinationUrl: "https://example.com/lang1" },
      {
        code: "card2",
        ruleId: "card2-rule",
        preview: true,
        destinationUrl: "https://example.com/card2/rule",
      },
      { code: "card1", ruleId: "", preview: true, destinationUrl: "https://example.com/card1?x=1&y=2" },
    ]);
  });
});
