import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { accessibilityViolations, chromiumExecutable, pageScreenshots, waitFor } from "@kurz/testing";
import { decodeQrImage } from "@kurz/testing/decode-qr-image";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setFlowPlan } from "./support/set-flow-plan";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL("../docs/screenshots/", import.meta.url));
const EMAIL = "dana@example.com";

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** Each step leaves a screenshot in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, numbered: true });

/** The big number under a headline label of the analytics page ("Clicks", …). */
const headline = (label: string) =>
  page
    .locator(".stat", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator(".stat-value");

/** Clicks a download link and answers the saved file's bytes. */
async function download(link: Locator): Promise<Uint8Array> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return new Uint8Array(readFileSync(await file.path()));
}

const section = (name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

describe.skipIf(!executable.available)("the dashboard in a real browser (Chromium)", () => {
  beforeAll(async () => {
    ({ flow, page, stop: stopBrowser } = await startDashboardFlow("dashboard-browser"));
  });

  afterAll(async () => {
    await stopBrowser?.();
  });

  it("walks the whole journey: sign up → link with alias, tags, UTM → open it → its click in analytics → a QR code that scans → a campaign with the link → a subdomain → an MCP key → sign out", async () => {
    // A new person opens the dashboard: sent to log in, chooses to create an account.
    await page.goto(`${flow.edgeUrl}/app/`);
    await waitFor(() => page.url(), {
      until: (url) => url.includes("/auth/login"),
      what: "the sign-in page",
    });
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Name").fill("Dana Dashboard");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill("correct horse battery staple");
    await screenshot("sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    // Back through the first-party authorization (no consent page) to the links page.
    await page.waitForURL(/\/app\/(links)?$/);
    await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
    await screenshot("links-empty");
    expect(await accessibilityViolations(page)).toEqual([]);
    // MCP keys are a Pro feature: the operator moves the new account there.
    await setFlowPlan(flow, EMAIL, "pro");

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
    expect(await accessibilityViolations(page)).toEqual([]);

    // Edited from its row: a name and one more tag; only those are sent, and the row shows them.
    const row = page.getByRole("row", { name: /spring-sale/ });
    await row.getByRole("button", { name: "Edit" }).click();
    const editDialog = page.getByRole("dialog", { name: /^Edit / });
    const nameField = editDialog.getByRole("textbox", { name: "Name", exact: true });
    // The focus moves into the dialog, to its first editable field (a string: no DOM types here).
    await waitFor(() => page.evaluate("document.activeElement?.id"), {
      until: (id) => id === "edit-name",
      what: "the focus on the name field",
    });
    await nameField.fill("Spring landing page");
    const tagsField = editDialog.getByRole("textbox", { name: "Tags", exact: true });
    expect(await tagsField.inputValue()).toBe("sale, spring");
    await tagsField.fill("sale, spring, promo");
    // The open dialog, checked like every view.
    expect(await accessibilityViolations(page)).toEqual([]);
    await editDialog.getByRole("button", { name: "Save changes" }).click();
    await editDialog.waitFor({ state: "detached" });
    await page.getByRole("status").getByText("Link updated").waitFor();
    await row.getByText("Spring landing page").waitFor();
    await row.getByRole("link", { name: "Show links tagged promo" }).waitFor();
    // Its analytics and QR code, as links within the app.
    expect(await row.getByRole("link", { name: "Analytics" }).getAttribute("href")).toBe(
      "/app/analytics?link=spring-sale",
    );
    expect(await row.getByRole("link", { name: "QR code" }).getAttribute("href")).toBe(
      "/app/qr?link=spring-sale",
    );

    // Opening the short link redirects (and counts the click) with the UTM parameters added.
    // A person's browser (the test browser's own user agent says HeadlessChrome: a bot's).
    const visit = await page.request.get(`http://${shortUrl}`, {
      maxRedirects: 0,
      headers: {
        "user-agent":
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      },
    });
    expect([301, 302]).toContain(visit.status());
    const location = new URL(visit.headers().location ?? "");
    expect(location.origin + location.pathname).toBe("https://example.com/spring-sale");
    expect(location.searchParams.get("utm_source")).toBe("newsletter");

    // Works at 360 px: the same page on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByText(shortUrl).first().waitFor();
    await screenshot("links-360px");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The click in the link's analytics (ingested asynchronously: reloaded until it shows).
    await waitFor(
      async () => {
        await page.goto(`${flow.edgeUrl}/app/analytics?link=spring-sale`);
        await page.getByRole("heading", { name: "Summary" }).waitFor();
        await waitFor(() => page.locator("section[aria-busy='true']").count(), {
          until: (n) => n === 0,
          what: "every report section to finish loading",
        });
        return headline("Clicks").textContent();
      },
      {
        until: (clicks) => clicks === "1",
        what: "the link's one click in the report's headline",
        timeoutMs: 60_000,
        intervalMs: 1_000,
      },
    );
    await screenshot("analytics");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A QR code for the link: the downloaded PNG scans to its short URL.
    await section("QR codes").click();
    await page.getByRole("heading", { name: "QR codes", level: 1 }).waitFor();
    await page.getByRole("radio", { name: "URL" }).check();
    await page.getByLabel("Web address").fill(`http://${shortUrl}`);
    await page.getByLabel("Foreground colour").fill("#0b3d91");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Spring poster");
    await page.getByRole("button", { name: "Save QR code" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("link", { name: "Download PNG" }).waitFor();
    const png = await download(preview.getByRole("link", { name: "Download PNG" }));
    expect(decodeQrImage(png, "image/png")).toBe(`http://${shortUrl}`);
    await screenshot("qr-code");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A campaign with the link in it.
    await section("Campaigns").click();
    await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
    await page.getByLabel("Campaign name").fill("Spring sale");
    await page.getByRole("button", { name: "Create campaign" }).click();
    await page.getByRole("link", { name: "Spring sale" }).click();
    await page.getByRole("heading", { name: "Spring sale", level: 1 }).waitFor();
    await page.getByLabel("Search your links").fill("spring");
    const option = page.getByLabel("Link to assign").locator("option", { hasText: "spring-sale" });
    await option.waitFor({ state: "attached" });
    await page.getByLabel("Link to assign").selectOption((await option.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Assign link" }).click();
    await page.getByRole("table", { name: "Links in this campaign" }).getByText(shortUrl).waitFor();
    await screenshot("campaign");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A subdomain, taken from the suggestions.
    await section("Domains").click();
    await page.getByRole("heading", { name: "Domains", level: 1 }).waitFor();
    await page.getByLabel("Subdomain", { exact: true }).fill("dana");
    const suggestion = page.getByRole("group", { name: "Free suggestions" }).getByRole("button").first();
    await suggestion.waitFor();
    await suggestion.click();
    const label = await page.getByLabel("Subdomain", { exact: true }).inputValue();
    await page.getByText(new RegExp(`${label}\\.\\S+ is available`)).waitFor();
    await page.getByRole("button", { name: "Reserve subdomain" }).click();
    await page
      .getByRole("table", { name: "Your subdomains" })
      .getByRole("cell", { name: new RegExp(`^${label}\\.`) })
      .waitFor();
    await screenshot("subdomain");
    expect(await accessibilityViolations(page)).toEqual([]);

    // An API key with MCP permission, shown once.
    await section("Account").click();
    await page.getByRole("heading", { name: "Plan: Pro" }).waitFor();
    await page.getByLabel("Key name").fill("My agent");
    await page.getByLabel("MCP server").check();
    await page.getByLabel("See your short links and their settings").check();
    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByRole("heading", { name: "Your new API key “My agent”" }).waitFor();
    await page.getByText("Copy it now: you will not see it again.", { exact: true }).waitFor();
    await screenshot("api-key");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/app\/signed-out$/);
    await screenshot("signed-out");
    expect(await accessibilityViolations(page)).toEqual([]);
    // The old session is gone: the dashboard asks to sign in again.
    const session = await page.request.get(`${flow.edgeUrl}/app/session`);
    expect(await session.json()).toMatchObject({ signedIn: false });
    if (process.env.KURZ_UPDATE_SCREENSHOTS === "1") {
      // The README's links picture comes from this run (its analytics one from the analytics
      // test, which has clicks from several countries): `KURZ_UPDATE_SCREENSHOTS=1` refreshes them.
      copyFileSync(
        path.join(ARTIFACTS, "04-link-created.png"),
        path.join(SCREENSHOTS, "dashboard-links.png"),
      );
      copyFileSync(
        path.join(ARTIFACTS, "06-analytics.png"),
        path.join(SCREENSHOTS, "dashboard-analytics.png"),
      );
    }
    // Long by design: one person's whole session, page by page, with a click to count between.
  }, 240_000);
});
