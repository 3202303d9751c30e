import { randomUUID } from "node:crypto";
import { timestampFromDate, timestampMs } from "@bufbuild/protobuf/wkt";
import { TestClock } from "@kurz/clock";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { links } from "../src/db/schema";
import { setClickCounts } from "../src/links/set-click-counts";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;
const clock = new TestClock({ at: new Date("2026-06-01T12:00:00Z") });

beforeAll(async () => {
  api = await startTestLinkApi({ clock });
});

afterAll(async () => {
  await api.close();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const SLACKBOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

const RULES = [
  {
    id: "de-speakers",
    name: "German speakers",
    destination_url: "https://example.com/de",
    conditions: [{ type: "language", values: ["de"] }],
  },
  {
    id: "dach-desktop",
    destination_url: "https://example.com/dach",
    conditions: [
      { type: "country", values: ["at", "CH"] },
      { type: "device", values: ["desktop"] },
    ],
  },
  {
    id: "summer",
    destination_url: "https://example.com/summer",
    conditions: [
      { type: "query_param", name: "season", value: "summer" },
      { type: "after", at: "2026-05-01T00:00:00+02:00" },
    ],
  },
];

async function request(method: "POST" | "PATCH" | "GET", url: string, accountId: string, body?: object) {
  return api.http.inject({
    method,
    url,
    headers: await api.auth(accountId),
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function linkCount(accountId: string): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
  return row?.n ?? 0;
}

async function createRouted(accountId: string, extra: object = {}) {
  const response = await request("POST", "/api/v1/urls", accountId, {
    url: "https://example.com/home",
    rules: RULES,
    ios_url: "https://apps.apple.com/app/id1",
    android_url: "https://play.google.com/store/apps/details?id=com.example",
    og_title: "Spring <sale>",
    og_description: "Everything & more",
    og_image: "https://cdn.example.com/card.png",
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url;
}

async function simulate(accountId: string, code: string, visitor: object) {
  const response = await request("POST", `/api/v1/urls/${code}/simulate`, accountId, visitor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("a link's rules, app links and card", () => {
  it("are stored, returned, and carried by the edge's snapshot", async () => {
    const account = randomUUID();
    const link = await createRouted(account);
    expect(link).toMatchObject({
      iosUrl: "https://apps.apple.com/app/id1",
      androidUrl: "https://play.google.com/store/apps/details?id=com.example",
      ogTitle: "Spring <sale>",
      ogDescription: "Everything & more",
      ogImage: "https://cdn.example.com/card.png",
    });
    // Codes are stored upper case; everything else as given.
    expect(link.rules[1].conditions[0]).toEqual({ type: "country", values: ["AT", "CH"] });
    expect(link.rules.map((rule: { id: string }) => rule.id)).toEqual([
      "de-speakers",
      "dach-desktop",
      "summer",
    ]);
    const got = (await request("GET", `/api/v1/urls/${link.id}`, account)).json().url;
    expect(got.rules).toEqual(link.rules);

    const resolved = await api.links.resolve({ host: "localhost", code: link.id });
    const snapshot = resolved.link!;
    expect(snapshot.rules.map((rule) => rule.id)).toEqual(["de-speakers", "dach-desktop", "summer"]);
    expect(snapshot.rules[0]).toMatchObject({
      name: "German speakers",
      destinationUrl: "https://example.com/de",
    });
    const after = snapshot.rules[2]!.conditions[1]!;
    expect(after.type).toBe("after");
    expect(timestampMs(after.at!)).toBe(Date.parse("2026-05-01T00:00:00+02:00"));
    expect(snapshot).toMatchObject({ iosUrl: link.iosUrl, ogTitle: "Spring <sale>" });
  });

  it("go through gRPC both ways, instants included", async () => {
    const accountId = randomUUID();
    const { link } = await api.links.createLink(
      {
        url: "https://example.com/g",
        rules: [
          {
            id: "later",
            destinationUrl: "https://example.com/later",
            conditions: [{ type: "before", at: timestampFromDate(new Date("2027-01-01T00:00:00Z")) }],
          },
        ],
        ogTitle: "Card",
      },
      { accountId },
    );
    expect(link!.rules[0]!.conditions[0]!.type).toBe("before");
    expect(timestampMs(link!.rules[0]!.conditions[0]!.at!)).toBe(Date.parse("2027-01-01T00:00:00Z"));
    expect(link!.ogTitle).toBe("Card");
    const { link: cleared } = await api.links.updateLink(
      { shortCode: link!.code, rules: { rules: [] }, ogTitle: "" },
      { accountId },
    );
    expect(cleared!.rules).toEqual([]);
    expect(cleared!.ogTitle).toBe("");
  });

  it("are replaced and cleared by an update; fields left out stay", async () => {
    const account = randomUUID();
    const link = await createRouted(account);
    const replaced = await request("PATCH", `/api/v1/urls/${link.id}`, account, {
      rules: [RULES[2]],
      ios_url: null,
      og_description: "",
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().url).toMatchObject({
      iosUrl: null,
      ogDescription: null,
      ogTitle: "Spring <sale>",
      androidUrl: "https://play.google.com/store/apps/details?id=com.example",
    });
    expect(replaced.json().url.rules.map((rule: { id: string }) => rule.id)).toEqual(["summer"]);
    const cleared = await request("PATCH", `/api/v1/urls/${link.id}`, account, { rules: [] });
    expect(cleared.json().url.rules).toEqual([]);
  });

  const tooMany = Array.from({ length: 21 }, (_, i) => ({
    id: `r${i}`,
    destination_url: "https://example.com/x",
    conditions: [{ type: "device", values: ["mobile"] }],
  }));
  const bad: [string, object, RegExp][] = [
    [
      "a country that is not a code",
      { rules: [{ ...RULES[1], conditions: [{ type: "country", values: ["Germany"] }] }] },
      /rules\/0\/conditions\/0\/values\/0.*must be an ISO 3166-1 alpha-2 code/,
    ],
    ["21 rules", { rules: tooMany }, /at most 20 rules/],
    ["a duplicate rule id", { rules: [RULES[0], RULES[0]] }, /duplicates rule id 'de-speakers'/],
    [
      "an unknown condition type",
      { rules: [{ ...RULES[0], conditions: [{ type: "moon", values: ["full"] }] }] },
      /type must be one of/,
    ],
    ["a rule without conditions", { rules: [{ ...RULES[0], conditions: [] }] }, /at least one condition/],
    [
      "a rule sending to a private address",
      { rules: [{ ...RULES[0], destination_url: "http://169.254.169.254/latest" }] },
      /rules\[0\]\.destination_url/,
    ],
    ["a scripted deep link", { ios_url: "javascript:alert(1)" }, /./],
    ["a card image over http", { og_image: "http://cdn.example.com/card.png" }, /og_image must be an https/],
    ["a title over 200 characters", { og_title: "t".repeat(201) }, /og_title must be at most 200/],
  ];

  it.each(bad)(
    "refuses %s with 400 VALIDATION_ERROR naming it, and stores nothing",
    async (_label, extra, message) => {
      const account = randomUUID();
      const response = await request("POST", "/api/v1/urls", account, {
        url: "https://example.com/home",
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(JSON.stringify(response.json())).toMatch(message);
      expect(await linkCount(account)).toBe(0);
    },
  );
});

describe("the simulator", () => {
  it("runs the decision on a described visitor and explains it", async () => {
    const account = randomUUID();
    const link = await createRouted(account);

    const german = await simulate(account, link.id, {
      user_agent: WINDOWS_CHROME,
      accept_language: "fr-FR, de;q=0.5",
    });
    expect(german).toMatchObject({
      destination_url: "https://example.com/de",
      status_code: 302,
      matched: "rule",
      rule: { id: "de-speakers", name: "German speakers", index: 0 },
    });
    expect(german.explanation.join("\n")).toMatch(/rule 1 'German speakers': language de — yes/);

    const swiss = await simulate(account, link.id, { user_agent: WINDOWS_CHROME, country: "ch" });
    expect(swiss).toMatchObject({ matched: "rule", rule: { id: "dach-desktop", name: null, index: 1 } });

    const summer = await simulate(account, link.id, {
      user_agent: WINDOWS_CHROME,
      query: { season: "summer" },
    });
    expect(summer).toMatchObject({
      matched: "rule",
      destination_url: "https://example.com/summer?season=summer",
    });
    const spring = await simulate(account, link.id, {
      user_agent: WINDOWS_CHROME,
      query: { season: "summer" },
      at: "2026-04-01T00:00:00Z",
    });
    expect(spring).toMatchObject({ matched: "default", rule: null });
    expect(spring.destination_url).toBe("https://example.com/home?season=summer");

    const iphone = await simulate(account, link.id, { user_agent: IPHONE, accept_language: "de" });
    expect(iphone).toMatchObject({ matched: "deep_link", destination_url: "https://apps.apple.com/app/id1" });

    const slack = await simulate(account, link.id, { user_agent: SLACKBOT });
    expect(slack).toMatchObject({
      matched: "preview",
      status_code: 200,
      destination_url: "https://example.com/home",
    });

    const nobody = await simulate(account, link.id, {});
    expect(nobody).toMatchObject({ matched: "default", destination_url: "https://example.com/home" });
  });

  it("decides expiry and the password first", async () => {
    const account = randomUUID();
    const expiring = await createRouted(account, {
      expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      expired_url: "https://example.com/over",
      max_clicks: 5,
    });
    const later = new Date(clock.now().getTime() + 7_200_000).toISOString();
    expect(await simulate(account, expiring.id, { at: later })).toMatchObject({
      matched: "expired",
      status_code: 302,
      destination_url: "https://example.com/over",
    });
    await setClickCounts(api.db, [{ linkId: expiring.linkId, accountId: account, clicks: 5 }]);
    expect(await simulate(account, expiring.id, {})).toMatchObject({ matched: "expired" });

    const locked = await createRouted(account, { password: "open-sesame" });
    const german = await simulate(account, locked.id, { user_agent: WINDOWS_CHROME, accept_language: "de" });
    expect(german).toMatchObject({
      matched: "password",
      status_code: 200,
      destination_url: "https://example.com/de",
      rule: { id: "de-speakers" },
    });
  });

  it("answers a plain link with 301 and another account's link with 404", async () => {
    const account = randomUUID();
    const plain = (await request("POST", "/api/v1/urls", account, { url: "https://example.com/p" })).json()
      .url;
    expect(await simulate(account, plain.id, {})).toMatchObject({
      matched: "default",
      status_code: 301,
      explanation: ["the link's URL → https://example.com/p"],
    });
    const foreign = await request("POST", `/api/v1/urls/${plain.id}/simulate`, randomUUID(), {});
    expect(foreign.statusCode).toBe(404);
    const badVisitor = await request("POST", `/api/v1/urls/${plain.id}/simulate`, account, {
      ip: "999.1.1.1",
    });
    expect(badVisitor.statusCode).toBe(400);
    expect(badVisitor.json().code).toBe("VALIDATION_ERROR");
  });
});
