import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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
/** link-api's file limit in this test: a file past it is cheap to send. */
const IMPORT_MAX_BYTES = 512 * 1024;
const ARTIFACTS = fileURLToPath(new URL("./artifacts/dashboard/", import.meta.url));
const GOOD = ["imp-alpha", "imp-beta", "imp-gamma", "imp-delta"] as const;

/** A Bitly export (its API's field names): four links and, as its 3rd data row, one that cannot be a link. */
const BITLY_CSV = [
  "id,link,long_url,title,created_at,tags",
  "bit.ly/imp-alpha,https://bit.ly/imp-alpha,https://example.com/alpha,Alpha,2024-03-01T09:15:00+0000,spring",
  "bit.ly/imp-beta,https://bit.ly/imp-beta,https://example.com/beta,Beta,2024-03-02T09:15:00+0000,",
  "bit.ly/imp-bad,https://bit.ly/imp-bad,javascript:alert(1),Bad link,2024-03-03T09:15:00+0000,",
  "bit.ly/imp-gamma,https://bit.ly/imp-gamma,https://example.com/gamma,Gamma,2024-03-04T09:15:00+0000,",
  "bit.ly/imp-delta,https://bit.ly/imp-delta,https://example.com/delta,Delta,2024-03-05T09:15:00+0000,",
  "",
].join("\n");

let flow: FlowKurz;
let stopBrowser: (() => Promise<void>) | undefined;
let page: Page;

/** A screenshot of the whole page in test/artifacts/dashboard/ (CI keeps the directory). */
const screenshot = pageScreenshots(() => page, { directory: ARTIFACTS, prefix: "import-" });

/** How many links the account has, asked through the relay as the page would. */
async function linkTotal(): Promise<number> {
  const answer = await page.request.get(`${flow.edgeUrl}/app/api/v1/urls?limit=1`);
  expect(answer.ok(), `GET /urls: ${answer.status()}`).toBe(true);
  return ((await answer.json()) as { pagination: { total: number } }).pagination.total;
}

/** The aliases of the rows the links list shows now. */
async function listedAliases(): Promise<string[]> {
  const urls = await page
    .getByRole("table", { name: "Your short links" })
    .locator("a.short-url")
    .allTextContents();
  return urls.map((url) => url.slice(url.lastIndexOf("/") + 1)).sort();
}

async function downloaded(download: Download): Promise<string> {
  return readFileSync((await download.path()) ?? "", "utf8");
}

/** Signs up through the pages and lands on the links page. */
async function signUp(name: string, email: string): Promise<void> {
  await signUpOnDashboard(page, { edgeUrl: flow.edgeUrl, path: "/app/", name, email });
  await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
}

/** The import section's bar, once its label says every row is done. */
async function waitForRowsDone(rows: number): Promise<void> {
  const bar = page.getByRole("progressbar", { name: `${rows} of ${rows} rows done` });
  await bar.waitFor();
  expect(await bar.getAttribute("value")).toBe(String(rows));
  expect(await bar.getAttribute("max")).toBe(String(rows));
}

/** The count shown under a label ("Created", "Would fail"). */
const count = (label: string) =>
  page
    .locator(".import-count")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

describe.skipIf(!executable.available)(
  "importing another shortener's export on the dashboard (Chromium)",
  () => {
    beforeAll(async () => {
      // link-api's file limit lowered, so that a file past it is cheap to send (a larger one than
      // the relay's own 1 MiB is passed through: test/import-upload-flow.test.ts).
      ({
        flow,
        page,
        stop: stopBrowser,
      } = await startDashboardFlow("dashboard-import", { IMPORT_MAX_BYTES: String(IMPORT_MAX_BYTES) }));
    });
    afterAll(async () => {
      await stopBrowser?.();
    });

    it("previews a Bitly CSV, dry-runs it (nothing made), imports it for real, and reports the one bad row", async () => {
      onTestFailed(() => screenshot("failure"));
      await signUp("Ida Import", "ida@example.com");

      // From the links list to the import page.
      await page.getByRole("link", { name: "Import links" }).click();
      await page.waitForURL(/\/app\/imports$/);
      await page.getByRole("heading", { name: "Import links", level: 1 }).waitFor();
      await page.getByText("No imports yet.").waitFor();

      // The file is read in the browser: its name and size, its format, its first five rows.
      await page.getByLabel("Export file").setInputFiles({
        name: "bitly-export.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(BITLY_CSV),
      });
      await page.getByText("bitly-export.csv").waitFor();
      await page.getByText("Detected format: Bitly (CSV)").waitFor();
      const preview = page.getByRole("table", { name: "First 5 rows of the file" });
      await preview.getByRole("columnheader", { name: "long_url" }).waitFor();
      expect(await preview.locator("tbody tr").count()).toBe(5);
      await preview.getByRole("cell", { name: "javascript:alert(1)" }).waitFor();
      await page.getByLabel("Tags").fill("imported");
      expect(await page.getByLabel("Dry run first").isChecked()).toBe(true);
      await screenshot("preview");
      expect(await accessibilityViolations(page)).toEqual([]);

      // The dry run: what would happen, and nothing made.
      await page.getByRole("button", { name: "Start dry run" }).click();
      await page.waitForURL(/\/app\/imports\?id=/);
      await page.getByRole("heading", { name: "Dry run", level: 2 }).waitFor();
      await waitForRowsDone(5);
      await page
        .getByRole("main")
        .getByText("Dry run finished: 5 rows checked. Nothing was changed.")
        .waitFor();
      await waitForAnnouncement(page, "Dry run finished");
      expect(await count("Would be created").textContent()).toBe("4");
      expect(await count("Would be skipped").textContent()).toBe("0");
      expect(await count("Would fail").textContent()).toBe("1");
      expect(await linkTotal()).toBe(0);
      await screenshot("dry-run");
      expect(await accessibilityViolations(page)).toEqual([]);

      // For real, with the same file and options.
      await page.getByRole("button", { name: "Import for real" }).click();
      await page.getByRole("heading", { name: "Import", exact: true, level: 2 }).waitFor();
      await waitForRowsDone(5);
      await page.getByRole("main").getByText("Import finished: 5 rows read.").waitFor();
      await waitForAnnouncement(page, "Import finished");
      expect(await count("Created").textContent()).toBe("4");
      expect(await count("Skipped").textContent()).toBe("0");
      expect(await count("Failed").textContent()).toBe("1");
      expect(await linkTotal()).toBe(4);

      // Both runs are listed, newest first.
      const recent = page.getByRole("table", { name: "Your recent imports" });
      await waitFor(() => recent.locator("tbody tr").allTextContents(), {
        until: (rows) => rows.length === 2 && /Import/.test(rows[0] ?? "") && /Dry run/.test(rows[1] ?? ""),
        what: "the import and its dry run in the recent imports",
      });
      await screenshot("imported");
      expect(await accessibilityViolations(page)).toEqual([]);

      // The error report names the one bad row (the 3rd after the header).
      const [report] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download error report" }).click(),
      ]);
      expect(report.suggestedFilename()).toMatch(/^kurz-import-.+-errors\.csv$/);
      const errors = parse(await downloaded(report), { columns: true, bom: true }) as Array<
        Record<string, string>
      >;
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ row: "3", code: "INVALID_URL" });

      // The imported links, in the list (narrowed to the import's tag).
      await page.getByRole("link", { name: "See the imported links" }).click();
      await page.waitForURL(/\/app\/links\?tag=imported$/);
      await waitFor(listedAliases, {
        until: (listed) => JSON.stringify(listed) === JSON.stringify([...GOOD].sort()),
        what: `the list to show ${GOOD.join(", ")}`,
      });
      await screenshot("links");
    }, 180_000);

    it("shows link-api's refusal of a file whose format it cannot tell, beside the form", async () => {
      await page.goto(`${flow.edgeUrl}/app/imports`);
      await page.getByRole("heading", { name: "Upload an export", level: 2 }).waitFor();
      await page.getByLabel("Export file").setInputFiles({
        name: "notes.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("title,comment\nHello,no links here\n"),
      });
      await page.getByText("The format could not be detected from the file's first lines").waitFor();
      await page.getByLabel("Dry run first").uncheck();
      await page.getByRole("button", { name: "Start import" }).click();
      const refusal = page.getByRole("alert").filter({ hasText: "The import was not started" });
      await refusal.getByText("UNKNOWN_FORMAT").waitFor();
      // Nothing was queued: the page stays on the form, and the list holds the two runs of before.
      expect(page.url()).toMatch(/\/app\/imports$/);
      const recent = page.getByRole("table", { name: "Your recent imports" }).locator("tbody tr");
      await waitFor(() => recent.count(), {
        until: (rows) => rows === 2,
        what: "the two runs of before, and no third, in the recent imports",
      });

      // A file past link-api's file limit, streamed through the edge and the relay: link-api's 413
      // message, and still nothing queued.
      const rows = Array.from({ length: 40_000 }, (_, i) => `https://example.com/page-${i}`);
      await page.getByLabel("Export file").setInputFiles({
        name: "large.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`url\n${rows.join("\n")}\n`),
      });
      await page.getByText("Detected format: Generic CSV").waitFor();
      await page.getByRole("button", { name: "Start import" }).click();
      await refusal.getByText(`An import file is at most ${IMPORT_MAX_BYTES} bytes`).waitFor();
      await waitFor(() => recent.count(), {
        until: (count) => count === 2,
        what: "still the two runs of before in the recent imports",
      });
      await screenshot("refused");
      expect(await accessibilityViolations(page)).toEqual([]);
    }, 60_000);
  },
);
