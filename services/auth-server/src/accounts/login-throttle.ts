import { clientAddressKey } from "@kurz/service-runtime";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";

export interface ThrottleState {
  blocked: boolean;
  retryAfterSec: number;
}

const lockKey = (kind: string, id: string) => `login-lock:${kind}:${sha256Hex(id)}`;

/**
 * Failed log-ins are counted in token buckets per account (email) and per client IP: a bucket
 * holds the allowed failures and refills over the window. Emptying one locks that email or IP
 * for the time the bucket needs to refill one failure; while locked, even the right password is
 * refused, so guessing stays bounded. A per-account lock can be triggered by anyone who knows an
 * email: the short window limits that nuisance (standard trade-off, NIST SP 800-63B §5.2.2).
 * A lock's end is on the service's clock (the one a test moves).
 */
export function createLoginThrottle(ctx: AuthContext) {
  const { cache, config, clock } = ctx;
  const windowSec = config.LOGIN_THROTTLE_WINDOW_SEC;
  const buckets = [
    { kind: "account", capacity: config.LOGIN_FAILURES_PER_ACCOUNT },
    { kind: "ip", capacity: config.LOGIN_FAILURES_PER_IP },
  ] as const;
  const idsOf = (email: string, ip: string) => ({ account: email, ip: clientAddressKey(ip) });

  return {
    async check(email: string, ip: string): Promise<ThrottleState> {
      const ids = idsOf(email, ip);
      const locks = await Promise.all(buckets.map((b) => cache.cache.get(lockKey(b.kind, ids[b.kind]))));
      const until = Math.max(0, ...locks.map((value) => Number(value ?? 0)));
      const retryAfterMs = until - clock.now().getTime();
      return retryAfterMs > 0
        ? { blocked: true, retryAfterSec: Math.ceil(retryAfterMs / 1000) }
        : { blocked: false, retryAfterSec: 0 };
    },

    async recordFailure(email: string, ip: string): Promise<ThrottleState> {
      const ids = idsOf(email, ip);
      let retryAfterMs = 0;
      for (const bucket of buckets) {
        const result = await cache.rateLimiter.take(`login:${bucket.kind}:${sha256Hex(ids[bucket.kind])}`, {
          capacity: bucket.capacity,
          refillPerSecond: bucket.capacity / windowSec,
        });
        if (!result.allowed || result.remaining === 0) {
          const lockMs = Math.max(result.retryAfterMs, Math.ceil((windowSec / bucket.capacity) * 1000));
          await cache.cache.set(
            lockKey(bucket.kind, ids[bucket.kind]),
            String(clock.now().getTime() + lockMs),
            lockMs,
          );
          retryAfterMs = Math.max(retryAfterMs, lockMs);
        }
      }
      return { blocked: retryAfterMs > 0, retryAfterSec: Math.ceil(retryAfterMs / 1000) };
    },
  };
}
