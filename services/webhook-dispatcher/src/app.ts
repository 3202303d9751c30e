import { scopeAuditActors } from "@kurz/audit";
import type { TokenVerifier } from "@kurz/auth-verifier";
import { type Clock, systemClock } from "@kurz/clock";
import type { EventProducer } from "@kurz/events";
import { type CallAuthenticator, createGrpcServer, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { createOutboxRelay, type OutboxRelay } from "@kurz/outbox";
import { webhooksV1 } from "@kurz/proto";
import { SERVICES } from "@kurz/routes";
import {
  createHttpApp,
  type HonorIdempotencyKeysOptions,
  type HttpApp,
  honorIdempotencyKeys,
  limitRestRoutes,
  type ReadinessCheck,
  type RestRateLimit,
} from "@kurz/service-runtime";
import { SERVICE_NAME } from "./config";
import type { WebhookDatabase } from "./db/webhook-database";
import type { PostWebhook } from "./deliveries/attempt-delivery";
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from "./deliveries/create-delivery-worker";
import { workerHooks } from "./deliveries/worker-hooks";
import { accountSubscriptions } from "./events/account-subscriptions";
import { WEBHOOK_SERVICE_ACCESS } from "./grpc/grpc-access";
import { createWebhookService } from "./grpc/webhook-service";
import type { WebhookAllowances } from "./plans/webhook-allowance";
import { deadLetterReadiness, registerMetricsRoute } from "./routes/metrics-route";
import { registerApi } from "./routes/register-api";
import type { SecretSealer, WebhookContext } from "./webhook-context";

export interface AppDependencies {
  logger: Logger;
  readiness: ReadinessCheck[];
  db: WebhookDatabase;
  allowances: WebhookAllowances;
  secrets: SecretSealer;
  checkUrl(url: string): Promise<string>;
  post: PostWebhook;
  verifier: TokenVerifier;
  authenticateCall: CallAuthenticator;
  restRateLimit: RestRateLimit;
  /** The service's cache: Idempotency-Key answers and in-flight marks (honorIdempotencyKeys). */
  cache: HonorIdempotencyKeysOptions["cache"];
  delivery: Omit<DeliveryWorkerOptions, "timer">;
  /** A producer of the outbox relay's own (see @kurz/outbox): endpoint changes' audit entries. */
  outboxProducer: EventProducer;
  outboxPollIntervalMs: number;
  trustProxy?: string[];
  clock?: Clock;
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
  ctx: WebhookContext;
  /** Not started: the caller starts it and stops it after the servers. */
  worker: DeliveryWorker;
  /** Not started: the caller starts it and stops it after the servers. */
  relay: OutboxRelay;
}

/** Builds the HTTP and gRPC apps of webhook-dispatcher; never listens (tests drive it directly). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  let worker: DeliveryWorker | undefined;
  const relay = createOutboxRelay({
    db: deps.db,
    producer: deps.outboxProducer,
    logger: deps.logger,
    name: SERVICE_NAME,
    pollIntervalMs: deps.outboxPollIntervalMs,
  });
  const ctx: WebhookContext = {
    db: deps.db,
    allowances: deps.allowances,
    secrets: deps.secrets,
    checkUrl: deps.checkUrl,
    logger: deps.logger,
    clock: deps.clock ?? systemClock,
    ...workerHooks(() => worker),
    subscriptions: accountSubscriptions(deps.db, deps.clock ?? systemClock),
    deadLetterStats: { stored: 0, replayed: 0 },
    eventsWritten: () => relay.wake(),
  };
  worker = createDeliveryWorker({ ctx, post: deps.post }, deps.delivery);
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger: deps.logger,
    readiness: [...deps.readiness, deadLetterReadiness(ctx)],
    bodyLimitBytes: SERVICES["webhook-dispatcher"].maxBodyBytes,
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
  registerMetricsRoute(http.app, ctx);

  const grpc = createGrpcServer({ logger: deps.logger, authenticate: deps.authenticateCall });
  grpc.addService(webhooksV1.WebhookService, createWebhookService(ctx), WEBHOOK_SERVICE_ACCESS);
  return { http, grpc, ctx, worker, relay };
}
