import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { createGrpcClient } from "@kurz/grpc";
import { analyticsV1, clicksV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClickInit, type IngestHarness, startIngestHarness } from "./ingest-harness";

const ACCOUNT = "6f1b1c3e-3333-4a5b-8c9d-000000000003";
const OTHER_ACCOUNT = "6f1b1c3e-4444-4a5b-8c9d-000000000004";
const ROUTED = "0190a000-0000-7000-8000-000000000011";
const SIBLING = "0190a000-0000-7000-8000-000000000012";
const FOREIGN = "0190a000-0000-7000-8000-000000000013";
const PLAIN = "0190a000-0000-7000-8000-000000000014";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SLACKBOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

const DAY_MS = 86_400_000;
/** Yesterday, UTC: every click in the window falls on this one day (visitor ids are per day). */
const YESTERDAY = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
const NOON = YESTERDAY + 12 * 3_600_000;

const routed = { accountId: ACCOUNT, linkId: ROUTED, host: "localhost", code: "routed" };

function clicks(count: number, click: Omit<ClickInit, "accountId" | "linkId">, link = routed): ClickInit[] {
  return Array.from({ length: count }, () => ({
    ...link,
    userAgent: CHROME,
    clickedAt: timestampFromMs(NOON),
    ...click,
  }));
}

const HEAD = clicksV1.RequestMethod.HEAD;

const CLICKS: ClickInit[] = [
  // dach-mobile: 5 human clicks of 3 visitors, 2 bot requests, 1 HEAD request.
  ...clicks(2, { ruleId: "dach-mobile", ip: "81.2.69.1" }),
  ...clicks(2, { ruleId: "dach-mobile", ip: "81.2.69.2" }),
  ...clicks(1, { ruleId: "dach-mobile", ip: "81.2.69.3" }),
  ...clicks(2, { ruleId: "dach-mobile", ip: "8.8.8.8", userAgent: SLACKBOT }),
  ...clicks(1, { ruleId: "dach-mobile", ip: "81.2.69.1", method: HEAD }),
  // The default destination: 3 human clicks of 1 visitor, 1 bot.
  ...clicks(3, { ruleId: "", ip: "81.2.69.9" }),
  ...clicks(1, { ruleId: "", ip: "8.8.8.8", userAgent: SLACKBOT }),
  // de-speakers: 2 human clicks of 2 visitors (one of them also came through dach-mobile), and
  // one more in the afternoon, outside the explicit window below.
  ...clicks(1, { ruleId: "de-speakers", ip: "81.2.69.1" }),
  ...clicks(1, { ruleId: "de-speakers", ip: "81.2.69.5" }),
  ...clicks(1, { ruleId: "de-speakers", ip: "81.2.69.6", clickedAt: timestampFromMs(NOON + 2 * 3_600_000) }),
  // only-bots: a bot request and nothing else.
  ...clicks(1, { ruleId: "only-bots", ip: "8.8.8.8", userAgent: SLACKBOT }),
  // Before every window asked for.
  ...clicks(4, { ruleId: "dach-mobile", ip: "81.2.69.7", clickedAt: timestampFromMs(NOON - 10 * DAY_MS) }),
  ...clicks(2, { ruleId: "", ip: "81.2.69.7", clickedAt: timestampFromMs(NOON - 10 * DAY_MS) }),
  // Another link of the same account, with the same rule ids.
  ...clicks(6, { ruleId: "dach-mobile", ip: "81.2.69.8" }, { ...routed, linkId: SIBLING, code: "sibling" }),
  ...clicks(2, { ruleId: "", ip: "81.2.69.8" }, { ...routed, linkId: SIBLING, code: "sibling" }),
  // Another account's link with the same code.
  ...clicks(
    5,
    { ruleId: "dach-mobile", ip: "81.2.69.8" },
    { accountId: OTHER_ACCOUNT, linkId: FOREIGN, host: "localhost", code: "routed" },
  ),
];

let h: IngestHarness;
let token: string;

beforeAll(async () => {
  h = await startIngestHarness();
  await h.publishClicks(CLICKS);
  h.resources.addLink(ACCOUNT, { linkId: PLAIN, code: "plain", destinationUrl: "https://example.com/" });
  await h.settle();
  token = await h.token(ACCOUNT, ["analytics:read"]);
});

afterAll(async () => {
  await h?.close();
});

async function getJson(path: string, bearer = token) {
  const response = await h.app.http.app.inject({
    method: "GET",
    url: path,
    headers: { authorization: `Bearer ${bearer}` },
  });
  return { status: response.statusCode, body: response.json() };
}

const entry = (ruleId: string | null, clicks: number, uniqueVisitors: number, bots: number, head = 0) => ({
  ruleId,
  clicks,
  uniqueVisitors,
  bots,
  headRequests: head,
});

describe("GET /api/v1/analytics/{id}/rules", () => {
  it("counts human clicks and unique visitors per rule over the period, most clicks first, bots apart", async () => {
    const { status, body } = await getJson("/api/v1/analytics/routed/rules?period=7d");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.analytics.links).toEqual([{ linkId: ROUTED, host: "localhost", code: "routed" }]);
    expect(body.analytics.range.granularity).toBe("day");
    expect(body.analytics.totalClicks).toBe(11);
    expect(body.analytics.rules).toEqual([
      { ...entry("dach-mobile", 5, 3, 2, 1), share: 5 / 11 },
      { ...entry(null, 3, 1, 1), share: 3 / 11 },
      { ...entry("de-speakers", 3, 3, 0), share: 3 / 11 },
      { ...entry("only-bots", 0, 0, 1), share: 0 },
    ]);
  });

  it("reads only the explicit window, by the link id too", async () => {
    const start = new Date(YESTERDAY).toISOString();
    const end = new Date(NOON + 3_600_000).toISOString();
    const { status, body } = await getJson(
      `/api/v1/analytics/${ROUTED}/rules?startDate=${start}&endDate=${end}`,
    );
    expect(status).toBe(200);
    expect(body.analytics.totalClicks).toBe(10);
    expect(body.analytics.rules.map(({ share: _, ...rest }: { share: number }) => rest)).toEqual([
      entry("dach-mobile", 5, 3, 2, 1),
      entry(null, 3, 1, 1),
      entry("de-speakers", 2, 2, 0),
      entry("only-bots", 0, 0, 1),
    ]);
  });

  it("answers the default destination with zeros for a link without clicks", async () => {
    const { status, body } = await getJson("/api/v1/analytics/plain/rules");
    expect(status).toBe(200);
    expect(body.analytics.totalClicks).toBe(0);
    expect(body.analytics.rules).toEqual([{ ...entry(null, 0, 0, 0), share: 0 }]);
  });

  it("answers 404 URL_NOT_FOUND for another account's link and for a link that does not exist", async () => {
    for (const path of [`/api/v1/analytics/${FOREIGN}/rules`, "/api/v1/analytics/nope-nothing/rules"]) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(404);
      expect(body, path).toMatchObject({ success: false, code: "URL_NOT_FOUND" });
    }
  });

  it("refuses a token without analytics:read with 403", async () => {
    const { status, body } = await getJson(
      "/api/v1/analytics/routed/rules",
      await h.token(ACCOUNT, ["shorturl:read"]),
    );
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, required_scope: "analytics:read" });
  });
});

describe("AnalyticsService.GetRuleAnalytics", () => {
  it('answers the same counts as the route, the default destination as rule id ""', async () => {
    const address = await h.app.grpc.listen("127.0.0.1", 0).then((port) => `127.0.0.1:${port}`);
    const client = createGrpcClient(analyticsV1.AnalyticsService, address, {
      auth: { audience: "analytics-ingest", tokens: h.issuer.tokensFor("mcp-gateway", ["analytics:read"]) },
    });
    const asAccount = { actor: { apiKey: `acct:${ACCOUNT}` } };
    try {
      const answer = await client.getRuleAnalytics(
        { link: "routed", range: { period: analyticsV1.Period.PERIOD_7D } },
        asAccount,
      );
      expect(answer.totalClicks).toBe(11n);
      expect(answer.rules.map((r) => [r.ruleId, r.clicks, r.uniqueVisitors, r.bots, r.headRequests])).toEqual(
        [
          ["dach-mobile", 5n, 3n, 2n, 1n],
          ["", 3n, 1n, 1n, 0n],
          ["de-speakers", 3n, 3n, 0n, 0n],
          ["only-bots", 0n, 0n, 1n, 0n],
        ],
      );
      await expect(client.getRuleAnalytics({ link: FOREIGN }, asAccount)).rejects.toMatchObject({
        code: "URL_NOT_FOUND",
      });
    } finally {
      client.close();
      await h.app.grpc.shutdown(1_000);
    }
  });
});
