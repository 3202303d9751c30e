import { currentSession } from "../../api/session";

/**
 * Whether this dashboard session may read A/B tests. Every plan grants `abtest:*` (a downgraded
 * account still sees, pauses and deletes its tests); only a sign-in older than that rule lacks
 * them, and the API would only answer "Insufficient scope": the page says so in words instead.
 */
export const canUseAbTests = (): boolean => currentSession().scopes.includes("abtest:read");

/** Refusals meaning "not on this plan" (or not in this session's sign-in). */
export const isPlanRefusal = (code: string): boolean =>
  code === "PLAN_REQUIRED" || code === "INSUFFICIENT_SCOPE";
