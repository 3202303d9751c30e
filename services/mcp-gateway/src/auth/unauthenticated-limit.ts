import { AppError } from "@kurz/errors";
import type { RateWindows } from "@kurz/service-runtime";

/** Refused credentials a client address may present per minute before it is refused outright. */
export interface UnauthenticatedLimit {
  /** Throws RATE_LIMITED (429, Retry-After) when the address is over its minute's refusals. */
  check(address: string): Promise<void>;
  /** Counts one refused credential of the address. */
  count(address: string): Promise<void>;
}

/**
 * Each refused credential (unknown or revoked key, bad token) cost auth-server a VerifyApiKey or
 * the gateway a signature check: an address presenting them is limited to `perMinute` in
 * windows like the plan's (this replica's memory: it is checked before every verification and
 * must cost no round trip). A store failure lets requests through, as the plan's limit does.
 */
export function createUnauthenticatedLimit(options: {
  windows: RateWindows;
  perMinute: number;
}): UnauthenticatedLimit {
  const policy = { name: "mcp-unauthenticated", quota: options.perMinute, windowSeconds: 60 };
  return {
    async check(address) {
      // Cost 0: reads the window's count without spending.
      const usage = await options.windows.consume(policy, address, 0).catch(() => undefined);
      if (usage === undefined || usage.remaining > 0) return;
      throw new AppError("RATE_LIMITED", {
        message: `Too many refused credentials from this address: at most ${options.perMinute} a minute`,
        hint: `Wait ${usage.resetSeconds} s, then send a valid x-mcp-key or access token`,
        details: { limit: options.perMinute, retry_after_seconds: usage.resetSeconds },
      });
    },
    async count(address) {
      await options.windows.consume(policy, address, 1).catch(() => undefined);
    },
  };
}
