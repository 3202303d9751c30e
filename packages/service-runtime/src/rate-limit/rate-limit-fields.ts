import type { FastifyReply } from "fastify";
import type { WindowUsage } from "./count-in-windows";

/**
 * The IETF RateLimit fields as of draft-ietf-httpapi-ratelimit-headers-11 (May 2026): both are
 * structured-field Lists whose items are a String (the policy name) with parameters —
 * `RateLimit-Policy: "default";q=100;w=60` (quota per window) and `RateLimit: "default";r=42;t=18`
 * (requests left, seconds until the window resets). Earlier drafts (≤ 06) used separate
 * RateLimit-Limit / -Remaining / -Reset fields; clients of those read nothing here.
 */

/** An sf-string (RFC 9651 §3.3.3). Policy names are ours and ASCII; escaping keeps them valid. */
function sfString(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

export function rateLimitPolicyField(usages: readonly WindowUsage[]): string {
  return usages
    .map((u) => `${sfString(u.policy.name)};q=${u.policy.quota};w=${u.policy.windowSeconds}`)
    .join(", ");
}

export function rateLimitField(usages: readonly WindowUsage[]): string {
  return usages.map((u) => `${sfString(u.policy.name)};r=${u.remaining};t=${u.resetSeconds}`).join(", ");
}

/**
 * Sets RateLimit-Policy and RateLimit for the policies a request was counted under, and
 * Retry-After when one of them refused it: the latest reset among the refusing ones (the draft
 * asks that Retry-After not point before the end of the effective window).
 */
export function setRateLimitFields(reply: FastifyReply, usages: readonly WindowUsage[]): void {
  if (usages.length === 0) return;
  void reply.header("ratelimit-policy", rateLimitPolicyField(usages));
  void reply.header("ratelimit", rateLimitField(usages));
  const refused = usages.filter((u) => !u.allowed);
  if (refused.length > 0) {
    void reply.header("retry-after", String(Math.max(...refused.map((u) => u.resetSeconds))));
  }
}
