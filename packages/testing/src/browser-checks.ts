import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * What these checks need of a playwright-core `Page` (this package does not depend on
 * playwright; the tests that drive Chromium do).
 */
export interface CheckedPage {
  evaluate(expression: string): Promise<unknown>;
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
}

let axeSource: string | undefined;

interface AxeResults {
  violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
}

/** axe-core in the page: the serious and critical violations, as "rule: targets" lines. */
export async function accessibilityViolations(page: CheckedPage): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated rather than added as a <script>: the page's CSP (script-src 'self') refuses inline scripts.
  await page.evaluate(axeSource);
  // A string, evaluated in the page: the tests are compiled without the DOM's types.
  const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

export interface ScreenshotOptions {
  /** Where the pictures go (a test's artifacts directory, which CI keeps). */
  directory: string;
  /** Put before each name, e.g. "bulk-" → bulk-selected.png. */
  prefix?: string;
  /** Numbers the pictures in the order taken: <prefix>01-<name>.png, <prefix>02-… */
  numbered?: boolean;
}

/**
 * A function taking a screenshot of the whole page as `<directory>/<prefix>[NN-]<name>.png`.
 * `page` is read at each call: tests open their page after defining this.
 */
export function pageScreenshots(
  page: () => CheckedPage,
  { directory, prefix = "", numbered = false }: ScreenshotOptions,
): (name: string) => Promise<void> {
  let step = 0;
  return async (name) => {
    step += 1;
    const file = numbered ? `${prefix}${String(step).padStart(2, "0")}-${name}.png` : `${prefix}${name}.png`;
    await page().screenshot({ path: path.join(directory, file), fullPage: true });
  };
}
