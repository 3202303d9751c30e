import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The suite's CLI (`conformance`), as installed: 0.1.16, pinned in package.json. */
export const SUITE_CLI = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/conformance/package.json")),
  "dist/index.js",
);

/**
 * The suite's 2026-07-28 release line (0.2.0-alpha.12, a pre-release, installed under the alias
 * `@modelcontextprotocol/conformance-2026`): the scenarios of that revision (MODERN_SCENARIOS),
 * which 0.1.16 does not have.
 */
export const SUITE_2026_CLI = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/conformance-2026/package.json")),
  "dist/index.js",
);
