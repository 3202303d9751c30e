import { randomBytes } from "node:crypto";
import { type BackendLookup, canConnect, unavailable } from "./backend-availability";
import { containerRuntimeAvailable, redisContainer } from "./containers";

const LOCAL_HOST = "127.0.0.1";
const LOCAL_PORT = 6379;

/**
 * Finds a Redis for contract tests: KURZ_TEST_REDIS_URL when set (trusted as given, so a wrong
 * URL fails loudly instead of skipping), else a server on 127.0.0.1:6379 (CI installs one from
 * Debian packages), else a testcontainers Redis when a Docker engine answers. Tests must namespace their keys (a unique key prefix per run) because the
 * server is shared.
 */
export async function redisBackend(): Promise<BackendLookup<{ url: string }>> {
  const fromEnv = process.env.KURZ_TEST_REDIS_URL;
  if (fromEnv) return { available: true, value: { url: fromEnv } };
  if (await canConnect(LOCAL_HOST, LOCAL_PORT)) {
    return { available: true, value: { url: `redis://${LOCAL_HOST}:${LOCAL_PORT}` } };
  }
  if (await containerRuntimeAvailable()) return { available: true, value: await redisContainer() };
  return unavailable(
    "Redis",
    `nothing listens on ${LOCAL_HOST}:${LOCAL_PORT}, KURZ_TEST_REDIS_URL is unset and no Docker engine answers`,
  );
}

/**
 * The variables that point a whole Kurz (distributed processes, a service under test) at the
 * shared test Redis under a key prefix of its own: a run never sees another run's rate-limit
 * windows (30 client registrations per address per hour would otherwise run out after a few runs
 * in an hour), sessions or locks.
 */
export function isolatedRedisEnv(url: string): { REDIS_URL: string; REDIS_KEY_PREFIX: string } {
  return { REDIS_URL: url, REDIS_KEY_PREFIX: `kurz-test-${randomBytes(6).toString("hex")}` };
}
