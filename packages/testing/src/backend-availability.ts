import { existsSync } from "node:fs";
import net from "node:net";

/**
 * Real backends are required (a missing one fails the run) when CI=true or
 * KURZ_TEST_REQUIRE_BACKENDS=1; otherwise tests that need one are skipped with a message.
 */
export function realBackendsRequired(): boolean {
  return process.env.CI === "true" || process.env.KURZ_TEST_REQUIRE_BACKENDS === "1";
}

/** True when a Docker engine answers, so testcontainers can supply backends. */
export function dockerEngineAvailable(): boolean {
  if (process.env.DOCKER_HOST) return true;
  return existsSync("/var/run/docker.sock");
}

/** Resolves whether something accepts TCP connections at host:port within timeoutMs. */
export function canConnect(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * What a fixture found: a usable backend, or the reason there is none. A missing backend when
 * backends are required is an error, thrown here so the test run fails loudly.
 */
export type BackendLookup<T> = { available: true; value: T } | { available: false; reason: string };

export function unavailable<T>(backend: string, reason: string): BackendLookup<T> {
  if (realBackendsRequired()) {
    throw new Error(`${backend} is required (CI=true) but unavailable: ${reason}`);
  }
  return { available: false, reason: `${backend} unavailable: ${reason}` };
}
