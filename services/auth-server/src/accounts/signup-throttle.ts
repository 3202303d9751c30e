import { clientAddressKey } from "@kurz/service-runtime";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";

const WINDOW_SEC = 3600;
const lockKey = (ip: string) => `signup-lock:ip:${sha256Hex(clientAddressKey(ip))}`;

/**
 * Sign-up says when an email already has an account (the person is signed in at once, with no
 * mail to send a confirmation by, so a new account and a taken email cannot get the same answer:
 * docs/api/account.md, "Sign-up"). What bounds using that to enumerate accounts: each address may
 * name `SIGNUPS_OF_TAKEN_EMAILS_PER_HOUR_PER_IP` taken emails an hour; past that, every sign-up
 * from it is refused until the bucket refills — new and taken emails alike, so the refusal itself
 * tells nothing. The lock's end is on the service's clock.
 */
export function createSignupThrottle(ctx: AuthContext) {
  const { cache, config, clock } = ctx;
  const capacity = config.SIGNUPS_OF_TAKEN_EMAILS_PER_HOUR_PER_IP;
  return {
    /** Seconds to wait when this address may not sign up now; 0 when it may. */
    async retryAfterSec(ip: string): Promise<number> {
      const until = Number((await cache.cache.get(lockKey(ip))) ?? 0);
      const waitMs = until - clock.now().getTime();
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },

    /** Counts a sign-up that named a taken email; the last one allowed locks the address. */
    async recordTakenEmail(ip: string): Promise<void> {
      const result = await cache.rateLimiter.take(`signup-taken:ip:${sha256Hex(clientAddressKey(ip))}`, {
        capacity,
        refillPerSecond: capacity / WINDOW_SEC,
      });
      if (!result.allowed || result.remaining === 0) {
        const lockMs = Math.max(result.retryAfterMs, Math.ceil((WINDOW_SEC / capacity) * 1000));
        await cache.cache.set(lockKey(ip), String(clock.now().getTime() + lockMs), lockMs);
      }
    },
  };
}
