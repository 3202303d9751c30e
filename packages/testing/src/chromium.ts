import { existsSync } from "node:fs";
import { type BackendLookup, unavailable } from "./backend-availability";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/**
 * The Chromium browser tests drive (with playwright-core): CHROMIUM_PATH when set, else Debian's
 * `chromium` (scripts/install-system-deps.sh installs it). Missing while real backends are
 * required, the run fails; otherwise the browser tests are skipped with the reason.
 */
export function chromiumExecutable(): BackendLookup<string> {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : CANDIDATES;
  const found = candidates.find((path) => existsSync(path));
  if (found) return { available: true, value: found };
  return unavailable("Chromium", `none of ${candidates.join(", ")} exists (apt-get install chromium)`);
}
