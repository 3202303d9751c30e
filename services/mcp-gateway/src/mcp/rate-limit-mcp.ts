import { AppError } from "@kurz/errors";
import type { RateWindows } from "@kurz/service-runtime";
import type { McpPrincipal } from "../auth/mcp-principal";

/** Counts a request of the principal's account: `cost` of them for a JSON-RPC batch (default 1). */
export type McpRateLimit = (principal: McpPrincipal, cost?: number) => Promise<void>;

/**
 * The plan's MCP requests per minute (the principal's plan as last read), per account (all its
 * keys and sessions together; each message of a JSON-RPC batch one request), counted in windows
 * every replica shares (Redis; memory when embedded). Over the limit: PLAN_LIMIT_EXCEEDED,
 * retryable, the seconds until the window resets in the hint and in
 * `details.retry_after_seconds` (sent as Retry-After). A batch of more messages than the plan
 * allows in a minute could never pass: VALIDATION_ERROR, not retryable, before it costs
 * anything. A store outage lets requests through rather than stopping every agent.
 */
export function createMcpRateLimit(options: { windows: RateWindows }): McpRateLimit {
  return async (principal, cost = 1) => {
    const quota = principal.plan?.mcpRequestsPerMinute ?? 0;
    if (quota <= 0) return;
    if (cost > quota) {
      throw new AppError("VALIDATION_ERROR", {
        message: `A JSON-RPC batch of ${cost} messages is more than the plan's ${quota} MCP requests per minute`,
        details: { field: "body", limit: quota },
        hint: `Send at most ${quota} messages in one batch (or one per request), or upgrade the plan`,
      });
    }
    const usage = await options.windows
      .consume({ name: "mcp", quota, windowSeconds: 60 }, principal.accountId, cost)
      .catch(() => undefined);
    if (usage === undefined || usage.allowed) return;
    throw new AppError("PLAN_LIMIT_EXCEEDED", {
      message: `Your plan allows ${quota} MCP requests per minute`,
      hint: `Wait ${usage.resetSeconds} s before the next request (the window resets then), or upgrade the plan`,
      details: { limit: quota, retry_after_seconds: usage.resetSeconds },
    });
  };
}
