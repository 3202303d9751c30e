import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumExecutable } from "@kurz/testing";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let flow: FlowKurz;
let browser: Browser;
let page: Page;
let step = 0;

/** Each step leaves a screenshot in test/artifacts/dashboard/ (CI keeps the directory). */
async function screenshot(name: string): Promise<void> {
  step++;
  await page.screenshot({
    path: path.join(ARTIFACTS, `${String(step).padStart(2, "0")}-${name}.png`),
    fullPage: true,
  });
}

/** axe-core in the page: the serious and critical violations, as "rule: targets" lines. */
async function accessibilityViolations(): Promise<string[]> {
  // Evaluated rather than added as a <script>: the page's CSP (script-src 'self') refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as {
    violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  };
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

describe.skipIf(!executable.available)("the dashboard in a real browser (Chromium)", () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    flow = await startFlowKurz("dashboard-browser");
    browser = await chromium.launch({
      executablePath: executable.available ? executable.value : "",
      // The CI container runs as root, where Chromium's sandbox cannot start.
      args: ["--no-sandbox"],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await flow?.stop();
  });

  it("signs up, lands on the links page, creates a link with alias, tags and UTM, opens it, signs out", async () => {
    // A new person opens the dashboard: sent to log in, chooses to create an account.
    await page.goto(`${flow.edgeUrl}/app/`);
    await expect.poll(() => page.url()).toContain("/auth/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Name").fill("Dana Dashboard");
    await page.getByLabel("Email").fill("dana@example.com");
    await page.getByLabel("Password").fill("correct horse battery staple");
    await screenshot("sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    // Back through the first-party authorization (no consent page) to the links page.
    await page.waitForURL(/\/app\/(links)?$/);
    await page.getByRole("heading", { name: "Links" }).waitFor();
    await screenshot("links-empty");
    expect(await accessibilityViolations()).toEqual([]);

    await page.getByLabel("Destination URL").fill("https://example.com/spring-sale");
    await page.getByLabel("Custom alias").fill("spring-sale");
    await page.getByText("available", { exact: false }).first().waitFor();
    await page.getByLabel("Tags").fill("sale, spring");
    await page.getByLabel("UTM source").fill("newsletter");
    await page.getByLabel("UTM medium").fill("email");
    await page.getByLabel("UTM campaign").fill("spring");
    await screenshot("create-link");
    await page.getByRole("button", { name: "Create link" }).click();
    const shortUrl = `${flow.shortHost}/spring-sale`;
    await page.getByText(shortUrl).first().waitFor();
    await screenshot("link-created");
    expect(await accessibilityViolations()).toEqual([]);

    // Opening the short link redirects (and counts the click) with the UTM parameters added.
    const visit = await page.request.get(`http://${shortUrl}`, { maxRedirects: 0 });
    expect([301, 302]).toContain(visit.status());
    const location = new URL(visit.headers().location ?? "");
    expect(location.origin + location.pathname).toBe("https://example.com/spring-sale");
    expect(location.searchParams.get("utm_source")).toBe("newsletter");

    // Works at 360 px: the same page on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByText(shortUrl).first().waitFor();
    await screenshot("links-360px");
    expect(await accessibilityViolations()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/app\/signed-out$/);
    await screenshot("signed-out");
    // The old session is gone: the dashboard asks to sign in again.
    const session = await page.request.get(`${flow.edgeUrl}/app/session`);
    expect(await session.json()).toMatchObject({ signedIn: false });
  });
});
