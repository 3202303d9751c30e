import type { TokenVerifier } from "@kurz/auth-verifier";
import type { ClickStore } from "@kurz/clickstore";
import { type Clock, systemClock } from "@kurz/clock";
import type { EventConsumer, EventProducer } from "@kurz/events";
import { type CallAuthenticator, createGrpcServer, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { analyticsV1 } from "@kurz/proto";
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
import type { ReportGenerations } from "./analytics/account-generations";
import { type AnalyticsReader, createAnalyticsReader } from "./analytics/analytics-reader";
import { cacheDayCoverage } from "./analytics/cache-day-coverage";
import { cacheLinkLookup } from "./analytics/cache-link-lookup";
import { type AnalyticsIngestConfig, SERVICE_NAME } from "./config";
import type { ConversionRecorderDeps } from "./conversions/record-conversion";
import { createAnalyticsService } from "./grpc/analytics-service";
import { ANALYTICS_SERVICE_ACCESS } from "./grpc/analytics-service-access";
import type { IngestPipeline } from "./ingest/create-ingest-pipeline";
import type { ResourceDirectory } from "./ownership/resource-directory";
import { registerAnalyticsRoutes } from "./routes/analytics-routes";
import { registerClickExportRoutes } from "./routes/click-export-routes";
import { registerConversionRoutes } from "./routes/conversion-routes";
import { registerMetricsRoute } from "./routes/metrics-route";

export interface AppDependencies {
  config: AnalyticsIngestConfig;
  /** The service's clock (what "now" is for a report's period); default the system's. */
  clock?: Clock;
  logger: Logger;
  readiness: ReadinessCheck[];
  store: ClickStore;
  pipeline: IngestPipeline;
  /** Publishes conversion.recorded and manually tracked scans (flushed per request). */
  eventProducer: EventProducer;
  verifier: TokenVerifier;
  /** Verifies the token every gRPC call carries (createCallAuthenticatorFromConfig). */
  authenticateCall: CallAuthenticator;
  /** Whether the links, campaigns and hosts a request names are the caller's (link-api). */
  directory: ResourceDirectory;
  /** Per-plan requests per minute on the analytics and conversion routes (see @kurz/service-runtime). */
  restRateLimit: RestRateLimit;
  /** The service's cache: Idempotency-Key answers and in-flight marks (honorIdempotencyKeys). */
  cache: HonorIdempotencyKeysOptions["cache"];
  /** The running consumer, for the lag metric (absent until it joined). */
  consumer(): EventConsumer | undefined;
  /** Per-account write counters: with them, reports remember their day coverage and link sets. */
  generations?: ReportGenerations;
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
  reader: AnalyticsReader;
}

/** Builds the HTTP and gRPC apps of analytics-ingest; never listens (tests drive it directly). */
export function buildApp(deps: AppDependencies): App {
  const { config, logger } = deps;
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger,
    readiness: deps.readiness,
    bodyLimitBytes: SERVICES["analytics-ingest"].maxBodyBytes,
    trustProxy: config.TRUST_PROXY,
  });
  const grpc = createGrpcServer({ logger, authenticate: deps.authenticateCall });
  /** The service's clock: report windows end at its now, and scans and conversions carry it. */
  const clock = deps.clock;
  const reader = createAnalyticsReader(deps.store, deps.directory, {
    ...(clock ? { clock } : {}),
    ...(deps.generations
      ? {
          coverage: cacheDayCoverage(deps.store, deps.generations.days, clock ? { clock } : {}),
          links: cacheLinkLookup(deps.store, deps.generations.links, clock ? { clock } : {}),
        }
      : {}),
  });
  const conversions: ConversionRecorderDeps = {
    store: deps.store,
    producer: deps.eventProducer,
    clicks: deps.pipeline.clicks,
    conversions: deps.pipeline.conversions,
    source: SERVICE_NAME,
    clickWaitMs: config.CONVERSION_CLICK_WAIT_MS,
    metadataMaxBytes: config.CONVERSION_METADATA_MAX_BYTES,
    ...(clock ? { clock } : {}),
  };
  limitRestRoutes(http.app, deps.restRateLimit);
  honorIdempotencyKeys(http.app, { service: SERVICE_NAME, cache: deps.cache, clock: clock ?? systemClock });
  registerAnalyticsRoutes(http.app, reader, deps.verifier);
  registerClickExportRoutes(http.app, {
    reader,
    store: deps.store,
    verifier: deps.verifier,
    clock: clock ?? systemClock,
  });
  registerConversionRoutes(http.app, conversions, deps.verifier);
  registerMetricsRoute(http.app, deps.pipeline, deps.consumer);
  grpc.addService(
    analyticsV1.AnalyticsService,
    createAnalyticsService(reader, conversions, deps.directory),
    ANALYTICS_SERVICE_ACCESS,
  );
  return { http, grpc, reader };
}
