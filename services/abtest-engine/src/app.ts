import { scopeAuditActors } from "@kurz/audit";
import type { TokenVerifier } from "@kurz/auth-verifier";
import type { EventProducer } from "@kurz/events";
import { type CallAuthenticator, createGrpcServer, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { createOutboxRelay, type OutboxRelay } from "@kurz/outbox";
import { abtestsV1 } from "@kurz/proto";
import { SERVICES } from "@kurz/routes";
import type { Clock } from "@kurz/service-runtime";
import {
  createHttpApp,
  type HonorIdempotencyKeysOptions,
  type HttpApp,
  honorIdempotencyKeys,
  limitRestRoutes,
  type ReadinessCheck,
  type RestRateLimit,
  systemClock,
} from "@kurz/service-runtime";
import type { AbtestContext } from "./abtest-context";
import type { VariantStatsSource } from "./analytics/variant-stats-source";
import { SERVICE_NAME } from "./config";
import type { AbtestDatabase } from "./db/abtest-database";
import { createAbTestService } from "./grpc/ab-test-service";
import { AB_TEST_SERVICE_ACCESS } from "./grpc/grpc-access";
import type { LinkDirectory } from "./links/link-directory";
import type { AbTestAllowances } from "./plans/ab-test-allowance";
import { registerApi } from "./routes/register-api";

export interface AppDependencies {
  logger: Logger;
  readiness: ReadinessCheck[];
  db: AbtestDatabase;
  links: LinkDirectory;
  variantStats: VariantStatsSource;
  allowances: AbTestAllowances;
  verifier: TokenVerifier;
  /** Verifies the token every gRPC call carries (createCallAuthenticatorFromConfig). */
  authenticateCall: CallAuthenticator;
  /** Per-plan requests per minute on every /api/v1 route (see @kurz/service-runtime). */
  restRateLimit: RestRateLimit;
  /** The service's cache: Idempotency-Key answers and in-flight marks (honorIdempotencyKeys). */
  cache: HonorIdempotencyKeysOptions["cache"];
  /** A producer of the outbox relay's own (see @kurz/outbox). */
  outboxProducer: EventProducer;
  outboxPollIntervalMs: number;
  /** AB_SEQUENTIAL_TUNING; default 5000. */
  sequentialTuning?: number;
  /** TRUST_PROXY; default loopback (the local edge). */
  trustProxy?: string[];
  clock?: Clock;
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
  ctx: AbtestContext;
  /** Not started: the caller starts it and stops it after the servers. */
  relay: OutboxRelay;
}

/** Builds the HTTP and gRPC apps of abtest-engine; never listens (tests drive it directly). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const relay = createOutboxRelay({
    db: deps.db,
    producer: deps.outboxProducer,
    logger: deps.logger,
    name: SERVICE_NAME,
    pollIntervalMs: deps.outboxPollIntervalMs,
  });
  const ctx: AbtestContext = {
    db: deps.db,
    links: deps.links,
    variantStats: deps.variantStats,
    allowances: deps.allowances,
    logger: deps.logger,
    clock: deps.clock ?? systemClock,
    sequentialTuning: deps.sequentialTuning ?? 5_000,
    eventsWritten: () => relay.wake(),
  };
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimitBytes: SERVICES["abtest-engine"].maxBodyBytes,
    trustProxy: deps.trustProxy ?? ["loopback"],
  });
  // Before any route: each handler runs as its token's person, the actor of what it changes.
  scopeAuditActors(http.app);
  limitRestRoutes(http.app, deps.restRateLimit);
  honorIdempotencyKeys(http.app, {
    service: SERVICE_NAME,
    cache: deps.cache,
    clock: deps.clock ?? systemClock,
  });
  await registerApi(http.app, { ctx, verifier: deps.verifier });

  const grpc = createGrpcServer({ logger: deps.logger, authenticate: deps.authenticateCall });
  grpc.addService(abtestsV1.AbTestService, createAbTestService(ctx), AB_TEST_SERVICE_ACCESS);
  return { http, grpc, ctx, relay };
}
