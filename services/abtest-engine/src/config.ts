import { verifierConfigShape } from "@kurz/auth-verifier";
import { durationMs, parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import {
  commonConfigShape,
  grpcAddress,
  restRateLimitConfigShape,
  serviceAuthConfigShape,
} from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "abtest-engine";

const schema = z.object({
  ...commonConfigShape(SERVICES["abtest-engine"]),
  ...verifierConfigShape,
  ...serviceAuthConfigShape,
  ...restRateLimitConfigShape,
  /** gRPC address of auth-server (plans, token revocation). */
  AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
  /** gRPC address of link-api (the tested links and their routing). */
  LINK_API_GRPC_ADDR: grpcAddress("127.0.0.1:50052"),
  /** gRPC address of analytics-ingest (exposures and conversions per variant). */
  ANALYTICS_INGEST_GRPC_ADDR: grpcAddress("127.0.0.1:50054"),
  /** How often the outbox is polled when no write woke the relay. */
  OUTBOX_POLL_INTERVAL_MS: durationMs(1_000),
  /**
   * The always-valid intervals' tuning constant N*: the total sample size at which they are
   * tightest. Smaller: narrower early, wider late.
   */
  AB_SEQUENTIAL_TUNING: z.coerce.number().int().min(100).max(100_000_000).default(5_000),
  /** How often running tests with auto_complete are checked for a winner. */
  AB_AUTO_COMPLETE_INTERVAL_MS: durationMs(300_000),
  /** How often links whose routing link-api has not confirmed are converged again. */
  AB_ROUTING_RECONCILE_INTERVAL_MS: durationMs(10_000),
});

export type AbtestEngineConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AbtestEngineConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
