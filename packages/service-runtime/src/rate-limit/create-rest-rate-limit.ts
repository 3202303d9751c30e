import type { CacheStore } from "@kurz/cache";
import { AppError, toRestErrorBody } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { type Clock, systemClock } from "../clock";
import { DASHBOARD_CLIENT_ID } from "../dashboard-client-id";
import type { AccountQuotaLookup } from "./cache-account-quotas";
import { clientAddressKey } from "./client-address-key";
import { createRateWindows, type QuotaPolicy, type WindowUsage } from "./count-in-windows";
import { setRateLimitFields } from "./rate-limit-fields";

/** The policy of every REST route, in the RateLimit fields. */
export const REST_POLICY = "default";
const MINUTE = 60;
/** Marks a request the anonymous check has counted, so it is not counted twice. */
const COUNTED_BY_ADDRESS = Symbol("kurz.rest_rate_limit.counted_by_address");

export interface RestRateLimitOptions {
  /** The service's cache store (Redis across replicas, memory when embedded). */
  store: CacheStore;
  clock?: Clock;
  logger?: Logger;
  /**
   * An account's plan: REST requests per minute (0: the plan sets none). Called on every
   * request of an account, so it must be cached (cacheAccountQuotas); a rejection falls back too.
   */
  accountQuota: AccountQuotaLookup;
  /** Requests per minute of an account whose plan sets none or cannot be had. */
  defaultPerMinute: number;
  /** Requests per minute per client address, on routes without a verified token. */
  perIpPerMinute: number;
  /**
   * Requests per minute per account with the dashboard's tokens (client DASHBOARD_CLIENT_ID), in
   * a window apart from the plan's; the plan's rate when that is higher. Absent: the dashboard's
   * requests count in the plan's window like any client's.
   */
  dashboardPerMinute?: number;
  /** The verified token of a request. Default: `request.accessToken` (auth-verifier). */
  tokenOf?: (request: FastifyRequest) => VerifiedCaller | undefined;
}

/** Who a verified request is from: its account, and the OAuth client its token was issued to. */
export interface VerifiedCaller {
  accountId: string;
  clientId?: string;
}

export interface RestRateLimit {
  /**
   * The per-request check, placed after the route's scope check (limitRestRoutes does that):
   * counts the request against its account's plan (PLAN_LIMIT_EXCEEDED) or, without a token,
   * its address (RATE_LIMITED), sets the RateLimit fields and answers 429 when over.
   */
  readonly preHandler: preHandlerAsyncHookHandler;
  /**
   * The check placed FIRST on every limited route (limitRestRoutes does that): a request that
   * carries no credential at all is counted against its address (RATE_LIMITED) before anything
   * else runs, so anonymous requests cannot be sent without bound even where every one of them
   * is refused with 401. The address is the one the trusted proxies state (TRUST_PROXY).
   */
  readonly anonymousPreHandler: preHandlerAsyncHookHandler;
  /**
   * Counts one request under a policy of the caller's choosing and sets the RateLimit fields
   * (and Retry-After when refused); the caller answers the refusal in its own error shape.
   * Resolves undefined when the counters cannot be reached: limiting fails open.
   */
  consume(
    reply: FastifyReply,
    policy: QuotaPolicy,
    partition: string,
    cost?: number,
  ): Promise<WindowUsage | undefined>;
}

/** One warning per this long while the counters are unreachable, not one per request. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

function verifiedTokenOf(request: FastifyRequest): VerifiedCaller | undefined {
  // Set by @kurz/auth-verifier's requireScope, which this package does not depend on.
  const token = (request as { accessToken?: { accountId?: unknown; clientId?: unknown } }).accessToken;
  if (typeof token?.accountId !== "string") return undefined;
  return {
    accountId: token.accountId,
    ...(typeof token.clientId === "string" ? { clientId: token.clientId } : {}),
  };
}

/**
 * The 429 in the one REST error shape, with the MCP error body's `hint` and `retryable`
 * (docs/api/errors.md#mcp-error-body) so a caller learns when to come back without parsing headers.
 */
function refusalBody(code: "PLAN_LIMIT_EXCEEDED" | "RATE_LIMITED", usage: WindowUsage, message: string) {
  const error = new AppError(code, {
    message,
    hint: `Retry after ${usage.resetSeconds} s, when the window resets (${usage.resetAt.toISOString()})`,
    details: {
      policy: usage.policy.name,
      limit: usage.policy.quota,
      window_seconds: usage.policy.windowSeconds,
      retry_after_seconds: usage.resetSeconds,
      reset_at: usage.resetAt.toISOString(),
    },
  });
  const { body } = toRestErrorBody(error);
  return { ...body, hint: error.hint, retryable: error.retryable };
}

/** A route's cost per request (`config.restRateCost`), a whole number of at least 1. */
function requestCost(request: FastifyRequest): number {
  const cost = request.routeOptions.config.restRateCost?.(request) ?? 1;
  return Number.isSafeInteger(cost) && cost > 1 ? cost : 1;
}

/**
 * A call that costs more than the whole window holds (a bulk call of more items than the plan's
 * requests per minute): waiting does not help, smaller calls do. Nothing was counted for it.
 */
function oversizedCallBody(usage: WindowUsage, cost: number) {
  const error = new AppError("PLAN_LIMIT_EXCEEDED", {
    message: `This call counts ${cost} requests; your plan allows ${usage.policy.quota} per minute`,
    hint: `Send at most ${usage.policy.quota} items per call`,
    details: {
      policy: usage.policy.name,
      limit: usage.policy.quota,
      window_seconds: usage.policy.windowSeconds,
      cost,
    },
  });
  const { body } = toRestErrorBody(error);
  return { ...body, hint: error.hint, retryable: false };
}

/**
 * The REST rate limit every service applies to its public routes (see limitRestRoutes): one
 * fixed window per minute per account, sized by the account's plan, or per address for
 * unauthenticated routes. Windows follow the injected clock; counters live in the cache store.
 */
export function createRestRateLimit(options: RestRateLimitOptions): RestRateLimit {
  const clock = options.clock ?? systemClock;
  const windows = createRateWindows({ store: options.store, clock });
  const tokenOf = options.tokenOf ?? verifiedTokenOf;
  let lastOutageLog = Number.NEGATIVE_INFINITY;

  async function consume(reply: FastifyReply, policy: QuotaPolicy, partition: string, cost = 1) {
    let usage: WindowUsage;
    try {
      usage = await windows.consume(policy, partition, cost, { refundRefused: cost > 1 });
    } catch (error) {
      // A cache outage must not take the API down with it.
      const now = clock.now().getTime();
      if (now - lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
        lastOutageLog = now;
        options.logger?.warn({ event: "rate_limit.unavailable", err: error }, "rate limit not enforced");
      }
      return undefined;
    }
    setRateLimitFields(reply, [usage]);
    return usage;
  }

  async function quotaOf(accountId: string): Promise<number> {
    const quota = await options.accountQuota(accountId).catch(() => 0);
    return quota > 0 ? quota : options.defaultPerMinute;
  }

  const addressPolicy: QuotaPolicy = {
    name: REST_POLICY,
    quota: options.perIpPerMinute,
    windowSeconds: MINUTE,
  };

  const refuse = (reply: FastifyReply, body: ReturnType<typeof refusalBody>) =>
    reply.code(429).header("cache-control", "no-store").send(body);
  const refuseAddress = (reply: FastifyReply, usage: WindowUsage) =>
    refuse(
      reply,
      refusalBody(
        "RATE_LIMITED",
        usage,
        `Too many requests from this address: ${usage.policy.quota} per minute`,
      ),
    );

  const anonymousPreHandler: preHandlerAsyncHookHandler = async function limitAnonymousRate(request, reply) {
    if (request.headers.authorization !== undefined) return;
    (request as unknown as Record<symbol, boolean>)[COUNTED_BY_ADDRESS] = true;
    const usage = await consume(reply, addressPolicy, `ip:${clientAddressKey(request.ip)}`);
    if (usage && !usage.allowed) return refuseAddress(reply, usage);
  };

  const preHandler: preHandlerAsyncHookHandler = async function limitRestRate(request, reply) {
    const caller = tokenOf(request);
    if (caller === undefined) {
      if ((request as unknown as Record<symbol, boolean>)[COUNTED_BY_ADDRESS]) return;
      const usage = await consume(reply, addressPolicy, `ip:${clientAddressKey(request.ip)}`);
      if (usage && !usage.allowed) return refuseAddress(reply, usage);
      return;
    }
    const planQuota = await quotaOf(caller.accountId);
    const viaDashboard = options.dashboardPerMinute !== undefined && caller.clientId === DASHBOARD_CLIENT_ID;
    const cost = requestCost(request);
    const usage = viaDashboard
      ? await consume(
          reply,
          {
            name: REST_POLICY,
            quota: Math.max(planQuota, options.dashboardPerMinute ?? 0),
            windowSeconds: MINUTE,
          },
          `dashboard:${caller.accountId}`,
          cost,
        )
      : await consume(
          reply,
          { name: REST_POLICY, quota: planQuota, windowSeconds: MINUTE },
          `account:${caller.accountId}`,
          cost,
        );
    if (!usage || usage.allowed) return;
    if (cost > usage.policy.quota) {
      // No Retry-After: no wait lets this call through.
      reply.removeHeader("retry-after");
      return refuse(reply, oversizedCallBody(usage, cost));
    }
    return refuse(
      reply,
      refusalBody(
        "PLAN_LIMIT_EXCEEDED",
        usage,
        (viaDashboard
          ? `Too many requests from the dashboard: ${usage.policy.quota} per minute`
          : `Rate limit of your plan reached: ${usage.policy.quota} requests per minute`) +
          (cost > 1 ? ` (this call counts ${cost})` : ""),
      ),
    );
  };

  return { preHandler, anonymousPreHandler, consume };
}
