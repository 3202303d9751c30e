import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  waitFor,
} from "@kurz/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { setFlowPlan } from "./support/set-flow-plan";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const EMAIL = "ada@example.com";
const ALIAS = "pricing-test";
const VISITS = 8;
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** A screenshot of the whole page in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "abtests-" });

const section = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

describe.skipIf(!executable.available)("A/B tests in the dashboard (Chromium)", () => {
  beforeAll(async () => {
    ({ flow, page, stop: stopBrowser } = await startDashboardFlow("dashboard-abtests"));
  });

  afterAll(async () => {
    await stopBrowser?.();
  });

  it("says A/B tests need another plan on Free; on Pro creates a test on a link, starts it, counts its visitors per variant, pauses, resumes, completes and deletes it, then creates one on a new link", async () => {
    onTestFailed(() => screenshot("failure"));
    // Sign up through the pages, landing on the A/B tests page of a Free account.
    await signUpOnDashboard(page, {
      edgeUrl: flow.edgeUrl,
      path: "/app/ab-tests",
      name: "Ada Tester",
      email: EMAIL,
    });
    await page.getByRole("heading", { name: "A/B tests", level: 1 }).waitFor();
    await page.getByText("A/B tests are not part of your plan").waitFor();
    expect(await page.getByRole("link", { name: "See your plan and its limits" }).getAttribute("href")).toBe(
      "/app/account",
    );
    await screenshot("plan-required");
    expect(await accessibilityViolations(page)).toEqual([]);

    // On Pro, after signing in again (a session's scopes are fixed at sign-in).
    await setFlowPlan(flow, EMAIL, "pro");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/app\/signed-out$/);
    await page.goto(`${flow.edgeUrl}/app/links`);
    await page.waitForURL(/\/app\/links$/);

    // A link to test, made on the links page.
    await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
    await page.getByLabel("Destination URL").fill("https://example.com/pricing");
    await page.getByLabel("Custom alias").fill(ALIAS);
    await page.getByText("available", { exact: false }).first().waitFor();
    // The test counts conversions: they find their variant through the link's click id.
    await page.getByLabel("Conversion tracking").check();
    await page.getByRole("button", { name: "Create link" }).click();
    await page.getByText(`${flow.shortHost}/${ALIAS}`).first().waitFor();

    // The create form: errors stand at their fields, then a test with two variants on the link.
    await section("A/B tests").click();
    await page.getByRole("heading", { name: "Create a test" }).waitFor();
    await page.getByText("No A/B tests yet").waitFor();
    await page.getByLabel("Variant B weight (%)").fill("60");
    await page.getByText("Total: 110%").waitFor();
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByText("Enter a name for the test").waitFor();
    await page.getByText("they must add up to 100%").first().waitFor();
    // Run in the page; this file is compiled without the DOM's types.
    const focused = (element: unknown) =>
      element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;
    expect(await page.getByLabel("Test name").evaluate(focused)).toBe(true);
    await page.getByLabel("Test name").fill("Pricing page");
    await page.getByLabel("Short link").fill(ALIAS);
    await page.getByLabel("Variant A destination URL").fill("https://example.com/pricing");
    await page.getByLabel("Variant B name").fill("New pricing");
    await page.getByLabel("Variant B destination URL").fill("https://example.com/pricing-new");
    await page.getByLabel("Variant B weight (%)").fill("50");
    await page.getByText("Total: 100%").waitFor();
    await screenshot("create");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create test" }).click();

    // Its own view: a draft, started from there.
    await page.getByRole("heading", { name: "Pricing page", level: 2 }).waitFor();
    expect(new URL(page.url()).searchParams.get("id")).toBeTruthy();
    await page.getByText("Draft", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Start test" }).click();
    await waitForAnnouncement(page, "Test started");
    await page.getByRole("button", { name: "Pause test" }).waitFor();

    // Visitors of the short link, each without cookies: a new visitor every time.
    for (let i = 0; i < VISITS; i++) {
      const visit = await fetch(`http://${flow.shortHost}/${ALIAS}`, {
        redirect: "manual",
        headers: { "user-agent": BROWSER_UA, "x-forwarded-for": `198.51.100.${i + 10}` },
      });
      expect(visit.status).toBeGreaterThanOrEqual(300);
      expect(visit.status).toBeLessThan(400);
      // With conversion tracking on, the destination carries the visit's click id.
      expect(visit.headers.get("location")).toMatch(/^https:\/\/example\.com\/pricing(-new)?\?svc_click_id=/);
    }

    // Clicks are ingested asynchronously: refresh the results until every visitor is counted.
    const results = page.getByRole("table", { name: "Results per variant" });
    await results.waitFor();
    const countedVisitors = async () => {
      await page.getByRole("button", { name: "Refresh results" }).click();
      await page.getByRole("button", { name: "Refresh results" }).waitFor();
      const cells = await results.locator('td[data-label="Visitors"]').allTextContents();
      return cells.reduce((sum, cell) => sum + Number(cell.replace(/\D/g, "")), 0);
    };
    await waitFor(countedVisitors, {
      until: (visitors) => visitors === VISITS,
      what: `the results to count the ${VISITS} visitors`,
      timeoutMs: 60_000,
      // A refresh a second: each one is a request of the dashboard's per-minute window.
      intervalMs: 1_000,
    });
    await results.getByRole("rowheader", { name: /New pricing/ }).waitFor();
    await results.getByText("Control", { exact: true }).waitFor();
    await page.getByText(`${VISITS} visitors since`).waitFor();
    // Not enough visitors for a verdict: the API's reason is shown in words.
    await page.getByText("Not enough data yet").waitFor();
    await screenshot("running");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The same view on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole("heading", { name: "Pricing page", level: 2 }).waitFor();
    await results.waitFor();
    await screenshot("running-360px");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Pause test" }).click();
    await waitForAnnouncement(page, "Test paused");
    await page.getByText("Paused", { exact: true }).waitFor();
    const paused = await fetch(`http://${flow.shortHost}/${ALIAS}`, {
      redirect: "manual",
      headers: { "user-agent": BROWSER_UA },
    });
    expect(paused.headers.get("location")).toMatch(/^https:\/\/example\.com\/pricing\?svc_click_id=/);

    await page.getByRole("button", { name: "Resume test" }).click();
    await waitForAnnouncement(page, "Test resumed");
    await page.getByRole("button", { name: "Pause test" }).waitFor();

    // Complete with a chosen winner.
    await page.getByRole("button", { name: "Complete test…" }).click();
    const winner = page.getByLabel("Winner");
    const option = winner.locator("option", { hasText: "New pricing" });
    await winner.selectOption((await option.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Complete test", exact: true }).click();
    await waitForAnnouncement(page, "Test completed: New pricing won");
    await page.getByText("Completed", { exact: true }).first().waitFor();
    await page.getByText("The statistics do not (yet) support this winner").waitFor();
    expect(await page.getByRole("button", { name: "Pause test" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Resume test" }).count()).toBe(0);
    await screenshot("completed");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The list shows it, then it is deleted after confirming.
    await page.getByRole("link", { name: "All A/B tests" }).click();
    const list = page.getByRole("table", { name: "Your A/B tests" });
    await list.getByRole("link", { name: "Pricing page" }).waitFor();
    await list.getByText(`${flow.shortHost}/${ALIAS}`).waitFor();
    await screenshot("list");
    expect(await accessibilityViolations(page)).toEqual([]);
    await list.getByRole("link", { name: "Pricing page" }).click();
    await page.getByRole("button", { name: "Delete test" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this A/B test?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete test" }).click();
    await page.getByText("No A/B tests yet").waitFor();
    await waitForAnnouncement(page, "Deleted the test Pricing page");

    // A test on a new link made for it, with three variants split evenly.
    await page.getByLabel("A new link made for this test").check();
    await page.getByLabel("Alias of the new link").fill("hero-test");
    await page.getByLabel("Test name").fill("Hero image");
    await page.getByRole("button", { name: "Add a variant" }).click();
    await page.getByText("Total: 100%").waitFor();
    expect(await page.getByLabel("Variant C weight (%)").inputValue()).toBe("33");
    for (const [letter, path] of [
      ["A", "hero"],
      ["B", "hero-blue"],
      ["C", "hero-green"],
    ] as const) {
      await page.getByLabel(`Variant ${letter} destination URL`).fill(`https://example.com/${path}`);
    }
    await page.getByRole("button", { name: "Create test" }).click();
    await page.getByRole("heading", { name: "Hero image", level: 2 }).waitFor();
    await page.getByText(`${flow.shortHost}/hero-test`).first().waitFor();
    await page.getByText("Made for this test").waitFor();
    expect(await page.getByRole("table", { name: "Results per variant" }).locator("tbody tr").count()).toBe(
      3,
    );
    await screenshot("rotator");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Long by design: one person's whole session, page by page, with visits to count between.
  }, 240_000);
});
