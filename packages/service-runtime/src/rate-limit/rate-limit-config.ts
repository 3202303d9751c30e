import { durationMs } from "@kurz/config";
import { z } from "zod";

/** The variables of the REST rate limit, the same in every service that serves /api/v1. */
export const restRateLimitConfigShape = {
  /** REST requests per minute per account when its plan sets none (or cannot be had). */
  REST_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** REST requests per minute per client address on routes without a bearer token. */
  REST_REQUESTS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(120),
  /**
   * REST requests per minute per account through the dashboard (tokens of its first-party OAuth
   * client): a window of its own, so a person clicking around neither spends nor is stopped by
   * the plan's API window. The plan's own rate applies when it is higher.
   */
  DASHBOARD_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** How long an account's plan (its rate limit) is cached after GetAccount. */
  PLAN_CACHE_TTL_MS: durationMs(30_000),
};

export interface RestRateLimitConfig {
  REST_REQUESTS_PER_MINUTE: number;
  REST_REQUESTS_PER_MINUTE_PER_IP: number;
  DASHBOARD_REQUESTS_PER_MINUTE: number;
  PLAN_CACHE_TTL_MS: number;
}
