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
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";
import { waitForAnnouncement } from "./support/wait-for-announcement";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const ALIAS = "routed";
const CARD_IMAGE = "https://images.example.com/card.png";
// A 1×1 PNG: the card's image, served by the test so no request leaves the machine.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;
const consoleErrors: string[] = [];

const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "routing-" });

const rule = (index: number) => page.locator(".routing-rule").nth(index);
const condition = (ruleIndex: number, index: number) =>
  rule(ruleIndex).locator(".routing-condition").nth(index);
const simulator = () => page.locator(".routing-simulator");

/** Asks the simulator and waits for its answer (the region counts the answers it has shown). */
async function simulate(): Promise<void> {
  const region = page.getByTestId("simulation");
  const before = Number(await region.getAttribute("data-answers"));
  await simulator().getByRole("button", { name: "Simulate visit" }).click();
  await waitFor(async () => Number(await region.getAttribute("data-answers")), {
    until: (answers) => answers > before,
    what: "the simulator's answer",
  });
}

describe.skipIf(!executable.available)("a link's routing in the dashboard (Chromium)", () => {
  beforeAll(async () => {
    ({ flow, page, stop: stopBrowser } = await startDashboardFlow("dashboard-routing"));
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await page.route(CARD_IMAGE, (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
    );
  });

  afterAll(async () => {
    await stopBrowser?.();
  });

  it("edits a link's rules (a refusal at its condition, reordered, saved, kept on reload), simulates a German visitor and a crawler, and saves a deep link and a preview card", async () => {
    onTestFailed(() => screenshot("failure"));
    await signUpOnDashboard(page, {
      edgeUrl: flow.edgeUrl,
      path: "/app/links",
      name: "Rita Router",
      email: "rita@example.com",
    });

    // A link, then its routing page from the row's action.
    await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
    await page.getByLabel("Destination URL").fill("https://example.com/home");
    await page.getByLabel("Custom alias").fill(ALIAS);
    await page.getByText("available", { exact: false }).first().waitFor();
    await page.getByRole("button", { name: "Create link" }).click();
    await page.getByText(`${flow.shortHost}/${ALIAS}`).first().waitFor();
    await page.getByRole("link", { name: "Routing", exact: true }).click();
    await page.waitForURL(new RegExp(`/app/links/${ALIAS}/routing$`));
    await page.getByRole("heading", { name: "Redirect rules", level: 2 }).waitFor();
    await page.getByText("No rules: every visitor goes to the link’s URL.").waitFor();
    await page.getByText("Save to simulate your changes").waitFor();

    // Rule 1: German speakers.
    await page.getByRole("button", { name: "Add rule" }).click();
    await rule(0).getByLabel("Rule name").fill("German speakers");
    await rule(0).getByLabel("Destination URL").fill("https://example.com/de");
    await condition(0, 0).getByLabel("Values", { exact: true }).fill("de");

    // Rule 2: DACH phones, with a country the API refuses at first.
    await page.getByRole("button", { name: "Add rule" }).click();
    await rule(1).getByLabel("Rule name").fill("DACH mobile");
    await rule(1).getByLabel("Destination URL").fill("https://example.com/dach");
    await condition(1, 0).getByLabel("Condition", { exact: true }).selectOption("country");
    await condition(1, 0).getByLabel("Values", { exact: true }).fill("DE, Germany");
    await rule(1).getByRole("button", { name: "Add condition" }).click();
    await condition(1, 1).getByLabel("Condition", { exact: true }).selectOption("device");
    await condition(1, 1).getByLabel("Mobile").check();
    await page.getByRole("button", { name: "Save rules" }).click();

    // The refusal stands at the condition it names, and the form says it was not saved.
    await page.getByText("The rules were not saved. Check the highlighted fields.").waitFor();
    await condition(1, 0).locator(".field-error").getByText("must be an ISO 3166-1 alpha-2 code").waitFor();
    expect(await condition(0, 0).locator(".field-error").count()).toBe(0);
    await screenshot("refused");
    await condition(1, 0).getByLabel("Values", { exact: true }).fill("DE, AT, CH");

    // Reordered with the keyboard: DACH mobile first, announced.
    await rule(1).getByRole("button", { name: "Move up" }).focus();
    await page.keyboard.press("Enter");
    await waitForAnnouncement(page, "Rule moved to position 1 of 2");
    await rule(0).getByRole("heading", { name: "Rule 1: DACH mobile" }).waitFor();
    await rule(1).getByRole("heading", { name: "Rule 2: German speakers" }).waitFor();
    await page.getByRole("button", { name: "Save rules" }).click();
    await waitForAnnouncement(page, "Rules saved");
    expect(await accessibilityViolations(page)).toEqual([]);

    // Kept, in their order, after a reload.
    await page.reload();
    await rule(0).getByRole("heading", { name: "Rule 1: DACH mobile" }).waitFor();
    await rule(1).getByRole("heading", { name: "Rule 2: German speakers" }).waitFor();
    expect(await condition(0, 0).getByLabel("Values", { exact: true }).inputValue()).toBe("DE, AT, CH");
    expect(await condition(0, 1).getByLabel("Mobile").isChecked()).toBe(true);
    expect(await condition(1, 0).getByLabel("Values", { exact: true }).inputValue()).toBe("de");

    // A German visitor on a Windows PC: not a DACH phone, a German speaker.
    await simulator().getByRole("button", { name: "Windows Chrome" }).click();
    await simulator().getByLabel("Accept-Language").fill("de-DE,de;q=0.9,en;q=0.8");
    await simulate();
    expect(await page.getByTestId("simulation-destination").textContent()).toBe("https://example.com/de");
    expect(await page.getByTestId("simulation-matched").getAttribute("data-matched")).toBe("rule");
    await simulator().getByText("Rule 2: German speakers").waitFor();
    const explanation = await simulator().locator(".routing-explanation li").allTextContents();
    expect(explanation.some((line) => line.includes("German speakers"))).toBe(true);
    await screenshot("simulated");

    // A deep link for iPhones, saved; an iPhone visitor goes there.
    await page.getByLabel("iOS URL").fill("https://apps.example.com/ios/home");
    await page.getByRole("button", { name: "Save deep links" }).click();
    await waitForAnnouncement(page, "Deep links saved");
    await simulator().getByRole("button", { name: "iPhone Safari" }).click();
    await simulator().getByLabel("Accept-Language").fill("en-US");
    await simulate();
    await waitForDestination("https://apps.example.com/ios/home");
    expect(await page.getByTestId("simulation-matched").getAttribute("data-matched")).toBe("deep_link");

    // Slackbot gets the redirect until the link has a card, then the card.
    await simulator().getByRole("button", { name: "Slackbot" }).click();
    await simulate();
    expect(await page.getByTestId("simulation-matched").getAttribute("data-matched")).not.toBe("preview");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Routed by Kurz");
    await page.getByLabel("Description").fill("One link, the right page for everyone.");
    await page.getByLabel("Image URL").fill(CARD_IMAGE);
    await page.getByTestId("preview-card-title").getByText("Routed by Kurz").waitFor();
    await page
      .locator(".preview-card")
      .getByText(flow.shortHost.split(":")[0] ?? flow.shortHost)
      .waitFor();
    // The image is drawn (the page's policy lets the card's https image in).
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { naturalWidth: number } | null } }
        ).document.querySelector(".preview-card img")?.naturalWidth === 1,
    );
    await page.getByRole("button", { name: "Save preview card" }).click();
    await waitForAnnouncement(page, "Preview card saved");
    await simulate();
    await page.locator('[data-matched="preview"]').waitFor();
    await screenshot("card");

    // Saved: on reload the forms show them.
    await page.reload();
    await page.getByRole("heading", { name: "App deep links" }).waitFor();
    expect(await page.getByLabel("iOS URL").inputValue()).toBe("https://apps.example.com/ios/home");
    expect(await page.getByRole("textbox", { name: "Title", exact: true }).inputValue()).toBe(
      "Routed by Kurz",
    );

    // At phone width nothing overflows sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    const overflow = await page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot("phone");
    expect(await accessibilityViolations(page)).toEqual([]);
    // The one refused save above is the browser's only complaint (it logs every 4xx answer).
    expect(consoleErrors).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });
});

/** The simulator's destination, once the answer to the last click is shown. */
async function waitForDestination(url: string): Promise<void> {
  await page.getByTestId("simulation-destination").getByText(url, { exact: true }).waitFor();
}
