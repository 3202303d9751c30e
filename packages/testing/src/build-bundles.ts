import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * vitest's global setup (root vitest.config.ts): every bundle is built (turbo; a cache hit when
 * nothing changed) before any test starts, so the process-level tests run the artifact that ships,
 * never a stale one. scripts/test.sh builds first and sets KURZ_TEST_BUNDLES_BUILT=1.
 */
export function setup(): void {
  if (process.env.KURZ_TEST_BUNDLES_BUILT === "1") return;
  execFileSync("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
}
