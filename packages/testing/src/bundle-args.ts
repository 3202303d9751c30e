import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The node arguments that run a package's bundle as its container image does: the telemetry
 * preload, source maps on (stack traces name .ts lines), then `dist/<entry>.mjs`. The bundle is
 * what `make build` (turbo, cached) writes; the test run builds it before any test starts.
 * `packageDir` is relative to the repository root, e.g. "services/link-api" or "apps/embedded".
 */
export function bundleArgs(packageDir: string, entry = "main"): string[] {
  const dist = path.join(ROOT, packageDir, "dist");
  const main = path.join(dist, `${entry}.mjs`);
  if (!existsSync(main)) {
    throw new Error(
      `${path.relative(ROOT, main)} is missing: run \`make build\` (bash scripts/test.sh builds first)`,
    );
  }
  return ["--enable-source-maps", "--import", path.join(dist, "register-telemetry.mjs"), main];
}
