import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TestClock } from "@kurz/clock";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  waitFor,
} from "@kurz/testing";
import { parse } from "csv-parse/sync";
import type { Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const ALIASES = ["keep-me", "pick-a", "pick-b", "vanish"] as const;

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** A screenshot of the whole page in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "bulk-" });

/** A call of the REST API through the dashboard's relay, as the page makes it (session cookie, CSRF token). */
async function relay(method: "POST" | "DELETE", apiPath: string, data?: unknown): Promise<unknown> {
  const session = (await (await page.request.get(`${flow.edgeUrl}/app/session`)).json()) as {
    csrfToken: string;
  };
  const answer = await page.request.fetch(`${flow.edgeUrl}/app/api/v1${apiPath}`, {
    method,
    headers: { "x-csrf-token": session.csrfToken },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.ok(), `${method} ${apiPath}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return answer.json();
}

const checkbox = (alias: string) =>
  page.getByRole("checkbox", { name: new RegExp(`^Select \\S+/${alias}$`) });
const row = (alias: string) => page.getByRole("row", { name: new RegExp(`/${alias}\\b`) });
const bar = () => page.getByRole("region", { name: "Bulk actions" });
const selectAll = () => page.getByRole("checkbox", { name: "Select all on this page" });

/** The aliases of the rows the list shows now. */
async function listedAliases(): Promise<string[]> {
  const urls = await page
    .getByRole("table", { name: "Your short links" })
    .locator("a.short-url")
    .allTextContents();
  return urls.map((url) => url.slice(url.lastIndexOf("/") + 1)).sort();
}

async function waitForListed(aliases: string[]): Promise<void> {
  const expected = [...aliases].sort();
  await waitFor(listedAliases, {
    until: (listed) => JSON.stringify(listed) === JSON.stringify(expected),
    what: `the list to show ${expected.join(", ")}`,
  });
}

async function downloaded(download: Download): Promise<string> {
  return readFileSync((await download.path()) ?? "", "utf8");
}

/** Each describe runs its own Kurz (`env` differs) and browser: the helpers above use these. */
async function start(name: string, env: Record<string, string> = {}): Promise<void> {
  ({ flow, page, stop: stopBrowser } = await startDashboardFlow(name, env));
}

async function stop(): Promise<void> {
  await stopBrowser?.();
}

/** Signs up through the pages and lands on the links page. */
async function signUp(name: string, email: string): Promise<void> {
  await signUpOnDashboard(page, { edgeUrl: flow.edgeUrl, path: "/app/", name, email });
  await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
}

describe.skipIf(!executable.available)("bulk actions and exports on the links page (Chromium)", () => {
  beforeAll(() => start("dashboard-bulk"));
  afterAll(stop);

  it("selects links, tags them (one refused and listed), moves them to a campaign, deletes them, and exports what is left", async () => {
    onTestFailed(() => screenshot("failure"));
    await signUp("Bea Bulk", "bea@example.com");

    // A campaign and four links, made through the API (the create form has tests of its own).
    const { campaign } = (await relay("POST", "/campaigns", { name: "Spring push" })) as {
      campaign: { id: string };
    };
    await relay("POST", "/urls/bulk", {
      urls: ALIASES.map((alias) => ({ url: `https://example.com/${alias}`, customAlias: alias })),
    });
    await page.reload();
    await waitForListed([...ALIASES]);

    // Three selected: the header box is neither ticked nor clear, the bar says how many.
    await checkbox("pick-a").check();
    await checkbox("pick-b").check();
    await checkbox("vanish").check();
    await bar().getByText("3 selected").waitFor();
    expect(
      await selectAll().evaluate((box) => (box as unknown as { indeterminate: boolean }).indeterminate),
    ).toBe(true);
    await screenshot("selected");
    expect(await accessibilityViolations(page)).toEqual([]);

    // One of them is deleted elsewhere while the page still shows it: that item is refused, the others tagged.
    await relay("DELETE", "/urls/vanish");
    await bar().getByLabel("Tag to add").fill("Spring");
    await bar().getByRole("button", { name: "Add tag" }).click();
    await waitForAnnouncement(page, "Tagged 2 links with “spring”; 1 could not be tagged");
    const refused = page.getByRole("alert").filter({ hasText: "1 link could not be tagged" });
    await refused.getByText(/\/vanish$/).waitFor();
    await waitForListed(["keep-me", "pick-a", "pick-b"]);
    await row("pick-a").getByRole("link", { name: "Show links tagged spring" }).waitFor();
    await row("pick-b").getByRole("link", { name: "Show links tagged spring" }).waitFor();
    expect(await row("keep-me").getByRole("link", { name: "Show links tagged spring" }).count()).toBe(0);
    // The action cleared the selection, and the bar with it.
    expect(await bar().count()).toBe(0);
    expect(await checkbox("pick-a").isChecked()).toBe(false);
    await screenshot("tagged");
    expect(await accessibilityViolations(page)).toEqual([]);
    await refused.getByRole("button", { name: "Dismiss" }).click();

    // Into the campaign: the campaign filter then lists exactly those two.
    await checkbox("pick-a").check();
    await checkbox("pick-b").check();
    await bar().getByLabel("Move to campaign").selectOption({ label: "Spring push" });
    await bar().getByRole("button", { name: "Move links" }).click();
    await waitForAnnouncement(page, "Moved 2 links to Spring push");
    await page.getByLabel("Campaign", { exact: true }).selectOption(campaign.id);
    await waitForListed(["pick-a", "pick-b"]);
    // Another view of the list starts with nothing selected.
    await checkbox("pick-a").check();
    await bar().getByText("1 selected").waitFor();
    await page.getByLabel("Campaign", { exact: true }).selectOption("");
    await waitForListed(["keep-me", "pick-a", "pick-b"]);
    expect(await bar().count()).toBe(0);

    // Deleted together, after the shared confirmation.
    await checkbox("pick-a").check();
    await checkbox("pick-b").check();
    await bar().getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 links?" });
    await dialog.getByText("Their short URLs stop working at once.").waitFor();
    await screenshot("delete-dialog");
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete 2 links" }).click();
    await waitForAnnouncement(page, "Deleted 2 links");
    await waitForListed(["keep-me"]);
    const gone = await page.request.get(`http://${flow.shortHost}/pick-a`, { maxRedirects: 0 });
    expect(gone.status()).toBe(404);

    // "Select all on this page", then cleared by hand.
    await selectAll().check();
    await bar().getByText("1 selected").waitFor();
    await bar().getByRole("button", { name: "Clear selection" }).click();
    expect(await bar().count()).toBe(0);
    await screenshot("after-delete");

    // The exports: every link the list's filters match, streamed through the relay.
    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/^kurz-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(await downloaded(csvDownload), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(records.map((record) => record.code)).toEqual(["keep-me"]);
    expect(records[0]?.destination_url).toBe("https://example.com/keep-me");
    const [jsonlDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export JSON lines" }).click(),
    ]);
    const lines = (await downloaded(jsonlDownload)).trim().split("\n");
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(["keep-me"]);

    // The link's analytics page exports its raw clicks over the page's period.
    await page.goto(`${flow.edgeUrl}/app/analytics?link=keep-me&period=30d`);
    const clicksExport = page.getByRole("link", { name: "Export clicks (CSV)" });
    expect(await clicksExport.getAttribute("href")).toBe(
      "/app/api/v1/analytics/keep-me/clicks/export?format=csv&period=30d",
    );
    const [clicksDownload] = await Promise.all([page.waitForEvent("download"), clicksExport.click()]);
    expect((await downloaded(clicksDownload)).replace(/^\uFEFF/, "")).toMatch(
      /^clicked_at,click_id,link_id,/,
    );

    // At 360 px the bar wraps above the cards.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${flow.edgeUrl}/app/links`);
    await waitForListed(["keep-me"]);
    await checkbox("keep-me").check();
    await bar().getByText("1 selected").waitFor();
    await screenshot("selected-360px");
    expect(await accessibilityViolations(page)).toEqual([]);
  }, 240_000);
});

describe.skipIf(!executable.available)("a bulk action the plan's rate refuses (Chromium)", () => {
  // The dashboard's own window no larger than the Free plan's 60 calls a minute, so that a bulk
  // call of more items than that is refused as an integration's would be.
  beforeAll(() => start("dashboard-bulk-limit", { DASHBOARD_REQUESTS_PER_MINUTE: "1" }));
  afterAll(stop);

  /** A fresh rate window: the services' clock moves past the current minute. */
  const nextMinute = () => {
    if (!(flow.clock instanceof TestClock)) throw new Error("the flow runs on a TestClock");
    flow.clock.advance(61_000);
  };

  it("shows the API's refusal in the bar, changes nothing, and keeps the selection", async () => {
    onTestFailed(() => screenshot("limit-failure"));
    await signUp("Lou Limit", "lou@example.com");
    await page.getByText("No links yet").waitFor();
    // 65 links in two calls, each in a minute of its own (with room for the page's own calls).
    for (const [first, count] of [
      [0, 50],
      [50, 15],
    ] as const) {
      nextMinute();
      await relay("POST", "/urls/bulk", {
        urls: Array.from({ length: count }, (_, i) => ({ url: `https://example.com/many/${first + i}` })),
      });
    }
    nextMinute();
    await page.goto(`${flow.edgeUrl}/app/links?limit=100`);
    await waitFor(() => page.getByRole("table", { name: "Your short links" }).locator("tbody tr").count(), {
      until: (rows) => rows === 65,
      what: "the 65 links on one page",
    });
    await selectAll().check();
    await bar().getByText("65 selected").waitFor();
    await bar().getByLabel("Tag to add").fill("too-many");
    await bar().getByRole("button", { name: "Add tag" }).click();
    const refusal = bar().getByRole("alert");
    await refusal.getByText("Nothing was changed").waitFor();
    await refusal.getByText("This call counts 65 requests; your plan allows 60 per minute").waitFor();
    await screenshot("rate-refused");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Nothing was tagged, and the same links are still selected for a smaller try.
    expect(await page.getByRole("link", { name: "Show links tagged too-many" }).count()).toBe(0);
    await bar().getByText("65 selected").waitFor();
    // The refusal was about that selection: cleared, it goes too.
    await bar().getByRole("button", { name: "Clear selection" }).click();
    await selectAll().check();
    await bar().getByText("65 selected").waitFor();
    expect(await bar().getByRole("alert").count()).toBe(0);
  }, 240_000);
});
