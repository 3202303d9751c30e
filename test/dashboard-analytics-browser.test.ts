import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  waitFor,
} from "@kurz/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const ALIAS = "launch-day";

/** Who clicks: an address in each country (the test is the trusted proxy), a browser, a referrer. */
const VISITORS = [
  {
    ip: "81.2.69.142",
    country: "United Kingdom",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    referer: "https://news.ycombinator.com/item?id=1",
  },
  {
    ip: "200.160.2.3",
    country: "Brazil",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    referer: "https://www.google.com/",
  },
  {
    ip: "5.9.0.1",
    country: "Germany",
    ua: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
    referer: "https://news.ycombinator.com/",
  },
];
const BOT_UA = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
const HUMAN_CLICKS = 5;

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** Each view leaves a screenshot in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "analytics-" });

/** The big number under a headline label ("Clicks", "Unique visitors", …). */
function headline(label: string) {
  return page
    .locator(".stat", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator(".stat-value");
}

/** The row headers (first cells) of a report table, named by its heading. */
async function rowNames(table: string): Promise<string[]> {
  const names = await page
    .getByRole("table", { name: table, exact: true })
    .getByRole("rowheader")
    .allTextContents();
  return names.map((name) => name.trim());
}

/** The sections have loaded when no section is busy any more. */
async function reportLoaded(): Promise<void> {
  await page.getByRole("heading", { name: "Summary" }).waitFor();
  await waitFor(() => page.locator("section[aria-busy='true']").count(), {
    until: (n) => n === 0,
    what: "every report section to finish loading",
  });
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.skipIf(!executable.available)("the analytics page in a real browser (Chromium)", () => {
  beforeAll(async () => {
    // Visitors come from several countries (X-Forwarded-For): the test is the proxy in front of the edge.
    ({
      flow,
      page,
      stop: stopBrowser,
    } = await startDashboardFlow("dashboard-analytics", { EDGE_TRUSTED_PROXIES: "loopback" }));
  });

  afterAll(async () => {
    await stopBrowser?.();
  });

  it("shows a link's clicks by country, device and referrer, exports them as CSV, and the account's totals", async () => {
    await signUpOnDashboard(page, {
      edgeUrl: flow.edgeUrl,
      path: "/app/analytics",
      name: "Ana Analytics",
      email: "ana@example.com",
    });

    // Back on the analytics page: a new account has no clicks yet, and says so.
    await page.getByText("No clicks in the last 7 days yet").waitFor();
    expect(await headline("Clicks").textContent()).toBe("0");
    await screenshot("account-empty");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
    await page.getByLabel("Destination URL").fill("https://example.com/launch");
    await page.getByLabel("Custom alias").fill(ALIAS);
    await page.getByText("available", { exact: false }).first().waitFor();
    await page.getByRole("button", { name: "Create link" }).click();
    await page.getByText(`${flow.shortHost}/${ALIAS}`).first().waitFor();

    for (let i = 0; i < HUMAN_CLICKS; i++) {
      const visitor = VISITORS[i % VISITORS.length]!;
      const visit = await page.request.get(`http://${flow.shortHost}/${ALIAS}`, {
        maxRedirects: 0,
        headers: { "user-agent": visitor.ua, referer: visitor.referer, "x-forwarded-for": visitor.ip },
      });
      expect(visit.status()).toBe(301);
    }
    const bot = await page.request.get(`http://${flow.shortHost}/${ALIAS}`, {
      maxRedirects: 0,
      headers: { "user-agent": BOT_UA },
    });
    expect(bot.status()).toBe(301);

    // Clicks are ingested asynchronously: wait for them through the dashboard's own relay.
    await waitFor(
      async () => {
        const answer = await page.request.get(`${flow.edgeUrl}/app/api/v1/analytics/${ALIAS}`);
        const body = (await answer.json()) as { analytics?: { counts?: { clicks: number; bots: number } } };
        return body.analytics?.counts;
      },
      {
        until: (counts) => counts?.clicks === HUMAN_CLICKS && counts?.bots === 1,
        what: `the link's ${HUMAN_CLICKS} clicks and 1 bot to be counted`,
        timeoutMs: 60_000,
        intervalMs: 1_000,
      },
    );

    // The link's analytics: headline numbers, and rows in the ranked tables.
    await page.goto(`${flow.edgeUrl}/app/analytics?link=${ALIAS}`);
    await reportLoaded();
    expect(await headline("Clicks").textContent()).toBe(String(HUMAN_CLICKS));
    expect(await headline("Bot clicks").textContent()).toBe("1");
    // The link shown, and the way back to it in the links page.
    expect(await page.getByRole("link", { name: `${flow.shortHost}/${ALIAS}` }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Open this link in Links" }).getAttribute("href")).toBe(
      `/app/links?search=${ALIAS}`,
    );
    expect(await rowNames("Countries")).toEqual(
      expect.arrayContaining(["United Kingdom", "Brazil", "Germany"]),
    );
    expect(await rowNames("Devices")).toEqual(expect.arrayContaining(["Desktop", "Mobile"]));
    expect(await rowNames("Referrers")).toEqual(
      expect.arrayContaining(["news.ycombinator.com", "google.com"]),
    );
    expect(await page.getByRole("img", { name: /^Chart of clicks and unique visitors/ }).count()).toBe(1);
    await screenshot("link");
    if (process.env.KURZ_UPDATE_SCREENSHOTS === "1") {
      // The README's analytics picture (KURZ_UPDATE_SCREENSHOTS=1 refreshes it).
      copyFileSync(
        path.join(ARTIFACTS, "analytics-link.png"),
        fileURLToPath(new URL("../docs/screenshots/dashboard-analytics.png", import.meta.url)),
      );
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    // The chart's numbers as a table, shown on request.
    await page.getByRole("button", { name: "Show data table" }).click();
    expect(await page.getByRole("button", { name: "Show data table" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await screenshot("link-timeline-table");

    // The CSV holds what the page shows.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kurz-analytics-link-${ALIAS}-7d.csv`);
    const csv = readFileSync((await download.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("section,item,measure,value");
    expect(lines).toContain(`Summary,Clicks,Value,${HUMAN_CLICKS}`);
    expect(lines).toContain("Countries,United Kingdom,Clicks,2");
    expect(lines).toContain("Referrers,news.ycombinator.com,Clicks,3");

    // Another period goes into the URL, and the numbers follow.
    await page.getByRole("button", { name: "30 days" }).click();
    await waitFor(() => page.url(), {
      until: (url) => url.includes("period=30d"),
      what: "the page URL to contain period=30d",
    });
    await reportLoaded();
    expect(await headline("Clicks").textContent()).toBe(String(HUMAN_CLICKS));
    await page.getByRole("button", { name: "Custom" }).click();
    const today = Date.now();
    await page.getByLabel("From", { exact: true }).fill(isoDay(today - 2 * 86_400_000));
    await page.getByLabel("To", { exact: true }).fill(isoDay(today));
    await page.getByRole("button", { name: "Apply" }).click();
    await waitFor(() => page.url(), {
      until: (url) => url.includes(`from=${isoDay(today - 2 * 86_400_000)}`),
      what: "the page URL to carry the custom period's start",
    });
    await reportLoaded();
    expect(await headline("Clicks").textContent()).toBe(String(HUMAN_CLICKS));
    await screenshot("link-custom-period");

    // Works at 360 px: the tables become cards.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${flow.edgeUrl}/app/analytics?link=${ALIAS}`);
    await reportLoaded();
    await screenshot("link-360px");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The whole account: the link among the top links, and back to its own analytics from there.
    await page.goto(`${flow.edgeUrl}/app/analytics`);
    await reportLoaded();
    expect(await headline("Clicks").textContent()).toBe(String(HUMAN_CLICKS));
    // Analytics name a link by the host its clicks came to (the port is not part of it).
    const reportedLink = `${new URL(`http://${flow.shortHost}`).hostname}/${ALIAS}`;
    expect(await rowNames("Top links")).toEqual([reportedLink]);
    expect(await rowNames("Countries")).toEqual(expect.arrayContaining(["United Kingdom"]));
    await screenshot("account");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("link", { name: reportedLink, exact: true }).click();
    await waitFor(() => page.url(), {
      until: (url) => url.includes("link="),
      what: "the page URL to contain link=",
    });
    await reportLoaded();
    expect(await headline("Clicks").textContent()).toBe(String(HUMAN_CLICKS));

    // A link that is not there: the API's message, not an empty report.
    await page.goto(`${flow.edgeUrl}/app/analytics?link=no-such-link`);
    await page.getByText("This link could not be loaded").waitFor();
    await screenshot("link-not-found");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Long by design: sign-up, visits to count, then every view of the page in turn.
  }, 240_000);

  it("shows a link's clicks per redirect rule under the rule's name, and a removed rule's as deleted", async () => {
    const { csrfToken } = (await (await page.request.get(`${flow.edgeUrl}/app/session`)).json()) as {
      csrfToken: string;
    };
    const setRules = async (rules: unknown[]) => {
      const answer = await page.request.patch(`${flow.edgeUrl}/app/api/v1/urls/${ALIAS}`, {
        headers: { "x-csrf-token": csrfToken, "content-type": "application/json" },
        data: { rules },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    };
    const linkView = async () => {
      await page.goto(`${flow.edgeUrl}/app/analytics?link=${ALIAS}`);
      await reportLoaded();
    };

    // No rules and no rule clicks: no such section.
    await linkView();
    expect(await page.getByRole("heading", { name: "Redirect rules" }).count()).toBe(0);

    const NEWSLETTER = "https://example.com/launch/newsletter";
    await setRules([
      {
        id: "newsletter",
        name: "Newsletter readers",
        destination_url: NEWSLETTER,
        conditions: [{ type: "query_param", name: "src", value: "newsletter" }],
      },
    ]);
    // HEAD requests are no clicks: they probe until the edge routes by the new rule.
    await waitFor(
      async () => {
        const probe = await page.request.head(`http://${flow.shortHost}/${ALIAS}?src=newsletter`, {
          maxRedirects: 0,
        });
        return probe.headers().location ?? "";
      },
      // The short URL's query is passed on to the rule's destination.
      { until: (location) => location.startsWith(NEWSLETTER), what: "the edge to route by the new rule" },
    );
    for (const visitor of VISITORS.slice(0, 2)) {
      const visit = await page.request.get(`http://${flow.shortHost}/${ALIAS}?src=newsletter`, {
        maxRedirects: 0,
        headers: { "user-agent": visitor.ua, "x-forwarded-for": visitor.ip },
      });
      expect(visit.headers().location).toBe(`${NEWSLETTER}?src=newsletter`);
    }
    await waitFor(
      async () => {
        const answer = await page.request.get(`${flow.edgeUrl}/app/api/v1/analytics/${ALIAS}/rules`);
        const body = (await answer.json()) as {
          analytics?: { rules: { ruleId: string | null; clicks: number }[] };
        };
        return body.analytics?.rules.find((rule) => rule.ruleId === "newsletter")?.clicks;
      },
      {
        until: (clicks) => clicks === 2,
        what: "the rule's 2 clicks to be counted",
        timeoutMs: 60_000,
        intervalMs: 1_000,
      },
    );

    await linkView();
    expect(await rowNames("Redirect rules")).toEqual(["Default destination", "Newsletter readers"]);
    await screenshot("link-rules");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The rule removed, its clicks stay, under its id.
    await setRules([]);
    await linkView();
    expect(await rowNames("Redirect rules")).toEqual(["Default destination", "newsletter (deleted rule)"]);
  }, 120_000);
});
