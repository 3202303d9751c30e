import type { TokenVerifier } from "@kurz/auth-verifier";
import type { RateLimiter } from "@kurz/cache";
import type { LinkApiContext } from "../link-api-context";

export interface ApiDependencies {
  ctx: LinkApiContext;
  verifier: TokenVerifier;
  rateLimiter: RateLimiter;
  /** Requests per minute per account when the plan gives none (or cannot be had). */
  defaultRequestsPerMinute: number;
}
