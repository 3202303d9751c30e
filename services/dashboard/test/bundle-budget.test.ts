import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { realBackendsRequired } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { DEFAULT_WEB_DIR } from "../src/app";

/** The budget: what the first page load needs, JavaScript, gzipped. */
const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

/**
 * The scripts the page loads before anything else: those index.html names (entry, modulepreload)
 * and, transitively, the chunks they import statically. Chunks loaded by import() are not counted.
 */
function initialScripts(webDir: string): string[] {
  const html = readFileSync(path.join(webDir, "index.html"), "utf8");
  const queue = [...html.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(webDir, file), "utf8");
    // Static imports between chunks: `import … from "./x.js"` / `import "./x.js"` (not import()).
    for (const m of code.matchAll(/(?:^|[;\s}])import(?:[^()"']*?from)?\s*["']\.\/([^"']+\.js)["']/g)) {
      queue.push(path.join("assets", m[1] ?? ""));
    }
  }
  return [...seen];
}

const built = existsSync(path.join(DEFAULT_WEB_DIR, "index.html"));
// scripts/install-node-deps.sh builds it; in CI an unbuilt app is a failure, not a skip.
if (!built && realBackendsRequired()) throw new Error("the web app is not built: make build");

describe.skipIf(!built)("the web app's bundle", () => {
  it(`loads at most ${INITIAL_JS_BUDGET_BYTES / 1024} KiB of JavaScript (gzipped) before the first page`, () => {
    const files = initialScripts(DEFAULT_WEB_DIR);
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((file) => gzipSync(readFileSync(path.join(DEFAULT_WEB_DIR, file))).length);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    process.stdout.write(
      `initial JS: ${files.length} file(s), ${(total / 1024).toFixed(1)} KiB gzipped (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KiB)\n`,
    );
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});
