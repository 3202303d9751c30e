import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  accessibilityViolations,
  chromiumExecutable,
  pageScreenshots,
  signUpOnDashboard,
  waitFor,
} from "@kurz/testing";
import { decodeQrImage } from "@kurz/testing/decode-qr-image";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDashboardFlow } from "./support/start-dashboard-flow";
import type { FlowKurz } from "./support/start-flow-kurz";

const executable = chromiumExecutable();
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** Each step leaves a screenshot in test/artifacts/dashboard/ as qr-NN-name.png (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "qr-", numbered: true });

/** Clicks a download link and returns the saved file's name and bytes. */
async function download(link: Locator): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), bytes: new Uint8Array(readFileSync(saved)) };
}

const preview = () => page.getByRole("region", { name: "Preview" });

/** The preview of a just-saved code has appeared, drawn by the server. */
async function previewShown(): Promise<void> {
  await preview().getByRole("img").waitFor();
  await preview().getByRole("link", { name: "Download PNG" }).waitFor();
  await preview().getByRole("link", { name: "Download SVG" }).waitFor();
}

/** What a phone reads from the preview's PNG download. */
async function scanDownloadedPng(): Promise<string | undefined> {
  const png = await download(preview().getByRole("link", { name: "Download PNG" }));
  expect(png.name).toMatch(/\.png$/);
  return decodeQrImage(png.bytes, "image/png");
}

describe.skipIf(!executable.available)("the QR designer in a real browser (Chromium)", () => {
  beforeAll(async () => {
    ({
      flow,
      page,
      stop: stopBrowser,
    } = await startDashboardFlow("dashboard-qr-browser", {}, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await stopBrowser?.();
  });

  it("designs URL and Wi-Fi codes, downloads PNG and SVG that scan, edits a dynamic code and deletes one", async () => {
    // A new person signs up through the pages and opens the QR page.
    await signUpOnDashboard(page, {
      edgeUrl: flow.edgeUrl,
      path: "/app/qr",
      name: "Quinn QR",
      email: "quinn@example.com",
    });
    await page.getByRole("heading", { name: "QR codes", level: 1 }).waitFor();
    await page.getByText("No QR codes yet").waitFor();
    await screenshot("empty");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A URL code in green on white: it scans as the address, and the SVG carries the colour.
    await page.getByRole("radio", { name: "URL" }).check();
    await page.getByLabel("Web address").fill("https://example.com/qr-menu");
    await page.getByLabel("Foreground colour").fill("#1a4d2e");
    await page.getByText(/: easy to scan\./).waitFor();
    await page.getByLabel("Module shape").selectOption("rounded");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Menu");
    // Drawn live by the server as the form changes, before anything is saved (link-api's tests
    // decode those images; here: the page shows one).
    const live = preview().getByRole("img", { name: "Preview of the QR code as designed" });
    await live.waitFor();
    await screenshot("live-preview");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save QR code" }).click();
    await previewShown();
    await waitFor(() => page.url(), {
      until: (url) => /\/app\/qr\?id=[0-9a-f-]{36}$/.test(url),
      what: "the page URL to name the saved code (/app/qr?id=<uuid>)",
    });
    await screenshot("url-code");
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await scanDownloadedPng()).toBe("https://example.com/qr-menu");
    const svg = await download(preview().getByRole("link", { name: "Download SVG" }));
    expect(svg.name).toBe("menu.svg");
    const svgText = new TextDecoder().decode(svg.bytes);
    expect(svgText).toContain("<svg");
    expect(svgText.toUpperCase()).toContain("#1A4D2E");
    expect(decodeQrImage(svg.bytes, "image/svg+xml")).toBe("https://example.com/qr-menu");

    // A Wi-Fi code: the form checks itself first, warns about colours too close to scan, then saves.
    await page.getByRole("button", { name: "New QR code" }).click();
    await page.getByRole("heading", { name: "Design a QR code" }).waitFor();
    await page.getByRole("radio", { name: "Wi-Fi" }).check();
    await page.getByLabel("Network password").fill("short");
    await page.getByRole("button", { name: "Save QR code" }).click();
    const ssid = page.getByLabel("Network name (SSID)");
    await waitFor(() => ssid.getAttribute("aria-invalid"), {
      until: (invalid) => invalid === "true",
      what: "the network name field marked invalid",
    });
    await page.getByText("Enter the network name").waitFor();
    await page.getByText("WPA passwords are 8 to 63 characters").waitFor();
    await ssid.fill("Cafe Guest");
    await page.getByLabel("Network password").fill("espresso-2026");
    await page.getByLabel("Background colour").fill("#fff8e1");
    await page.getByLabel("Foreground colour").fill("#dddddd");
    await page.getByText(/: too low to scan\./).waitFor();
    await screenshot("contrast-warning");
    await page.getByLabel("Foreground colour").fill("#3e2723");
    await page.getByText(/: easy to scan\./).waitFor();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Guest Wi-Fi");
    await page.getByRole("button", { name: "Save QR code" }).click();
    await previewShown();
    await preview().getByText("WIFI:T:WPA;S:Cafe Guest;P:espresso-2026;;").waitFor();
    await screenshot("wifi-code");
    expect(await scanDownloadedPng()).toBe("WIFI:T:WPA;S:Cafe Guest;P:espresso-2026;;");

    // A dynamic code encodes a short link; its destination changes after saving, the image does not.
    await page.getByRole("button", { name: "New QR code" }).click();
    await page.getByRole("radio", { name: "URL" }).check();
    await page.getByLabel("Web address").fill("https://example.com/spring");
    await page.getByLabel("Dynamic QR code").check();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Poster");
    await page.getByRole("button", { name: "Save QR code" }).click();
    await previewShown();
    const shortUrl = await scanDownloadedPng();
    expect(shortUrl).toMatch(new RegExp(`^http://${flow.shortHost}/[A-Za-z0-9_-]+$`));
    await page.getByLabel("Web address").fill("https://example.com/summer");
    await preview().getByText("You have unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await preview().getByText("https://example.com/summer").waitFor();
    await screenshot("dynamic-edited");
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await scanDownloadedPng()).toBe(shortUrl);
    const visit = await page.request.get(shortUrl ?? "", { maxRedirects: 0 });
    expect(visit.status()).toBe(302);
    expect(visit.headers().location).toBe("https://example.com/summer");

    // The list shows all three; the Wi-Fi code is deleted after an accessible confirmation.
    const list = page.getByRole("table", { name: "Your QR codes" });
    await waitFor(() => list.getByRole("row").count(), {
      until: (n) => n === 4,
      what: "four rows in the list (a header and three codes)",
    });
    const wifiRow = list.getByRole("row", { name: /Guest Wi-Fi/ });
    await wifiRow.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this QR code?" });
    await dialog.waitFor();
    await screenshot("delete-dialog");
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete QR code" }).click();
    await dialog.waitFor({ state: "detached" });
    await waitFor(() => list.getByRole("row").count(), {
      until: (n) => n === 3,
      what: "three rows in the list once the Wi-Fi code is deleted",
    });
    expect(await list.getByRole("row", { name: /Guest Wi-Fi/ }).count()).toBe(0);
    await screenshot("list");

    // Works at 360 px: the same page on a phone, opened on the dynamic code.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await previewShown();
    await screenshot("360px");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Long by design: three codes designed, saved, downloaded and scanned.
  }, 240_000);
});
