import { currentSession } from "../../api/session";

/**
 * Whether this dashboard session may read A/B tests. The session's scopes are fixed at sign-in
 * and a plan without A/B tests grants none of `abtest:*`, so the API would only answer
 * "Insufficient scope": the page says what is missing in words instead.
 */
export const canUseAbTests = (): boolean => currentSession().scopes.includes("abtest:read");

/** Refusals meaning "not on this plan" (or not in this session's sign-in). */
export const isPlanRefusal = (code: string): boolean =>
  code === "PLAN_REQUIRED" || code === "INSUFFICIENT_SCOPE";
