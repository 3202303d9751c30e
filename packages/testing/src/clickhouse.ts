import type { BackendLookup } from "./backend-availability";
import { clickhouseContainer, containerRuntimeAvailable } from "./containers";

/**
 * Finds a ClickHouse SERVER for the click-store contract tests: KURZ_TEST_CLICKHOUSE_URL when
 * set (trusted as given, so a wrong URL fails loudly instead of skipping).
 *
 * Unlike the other fixtures this never throws when nothing is found, even with CI=true: the
 * click store's real engine in CI is chDB (ClickHouse compiled in-process, always present), so
 * the contract always runs against it; a server is an optional second target, supplied by
 * testcontainers when a Docker engine answers.
 */
export async function clickhouseBackend(): Promise<BackendLookup<{ url: string }>> {
  const url = process.env.KURZ_TEST_CLICKHOUSE_URL;
  if (url) return { available: true, value: { url } };
  if (await containerRuntimeAvailable()) return { available: true, value: await clickhouseContainer() };
  return {
    available: false,
    reason: "ClickHouse server unavailable: KURZ_TEST_CLICKHOUSE_URL is unset (chDB covers the contract)",
  };
}
