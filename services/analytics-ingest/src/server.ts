import { fileURLToPath } from "node:url";
import { createVerifierFromConfig } from "@kurz/auth-verifier";
import type { EventConsumer } from "@kurz/events";
import { createGrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { authV1 } from "@kurz/proto";
import {
  connectInfrastructure,
  downstreamReadiness,
  Lifecycle,
  type RunningService,
  type SharedInfrastructure,
  serve,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type AnalyticsIngestConfig, SERVICE_NAME } from "./config";
import { createUserAgentClassifier } from "./enrichment/classify-user-agent";
import { openGeoLocator } from "./enrichment/geo-locator";
import { createRetentionLookup } from "./enrichment/retention-lookup";
import { createVisitorHasher } from "./enrichment/visitor-hasher";
import { createIngestPipeline } from "./ingest/create-ingest-pipeline";
import { createClickEnricher } from "./ingest/enrich-click";
import { startIngestConsumer } from "./ingest/start-ingest-consumer";

const CLICKSTORE_MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export async function startAnalyticsIngest(
  config: AnalyticsIngestConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  const logger = createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
  try {
    const infra = await connectInfrastructure({
      service: SERVICE_NAME,
      config,
      needs: { cache: true, events: true, clickstore: { migrationsDir: CLICKSTORE_MIGRATIONS } },
      logger,
      lifecycle,
      shared,
    });
    const store = infra.clickstore!;
    const bus = infra.bus!;
    const geo = await openGeoLocator(config.GEOIP_DATABASE_PATH);
    logger.info({ event: "geoip.opened", source: geo.source }, "GeoIP database opened");
    const authServer = createGrpcClient(authV1.AuthService, config.AUTH_SERVER_GRPC_ADDR, {
      logger,
      retry: { maxAttempts: 1 },
    });
    lifecycle.add("clients", "grpc:auth-server", async () => authServer.close());

    const pipeline = createIngestPipeline({
      store,
      enricher: createClickEnricher({
        classifyUserAgent: createUserAgentClassifier(),
        geo,
        visitors: createVisitorHasher(infra.cache!),
      }),
      retention: createRetentionLookup({
        client: authServer,
        defaultDays: config.DEFAULT_RETENTION_DAYS,
        ttlMs: config.RETENTION_CACHE_TTL_MS,
        logger,
      }),
      logger,
      batchMaxRows: config.INGEST_BATCH_MAX_ROWS,
      batchMaxWaitMs: config.INGEST_BATCH_MAX_WAIT_MS,
      maxPendingRows: config.INGEST_MAX_PENDING_ROWS,
    });
    // Phase "producers" runs after the consumer stopped and before the click store closes: every
    // row consumed so far reaches ClickHouse on a graceful stop.
    lifecycle.add("producers", "ingest-batches", () => pipeline.close(config.SHUTDOWN_TIMEOUT_MS));
    const eventProducer = bus.producer({ lingerMs: 1 });
    lifecycle.add("producers", "conversion-producer", () => eventProducer.close());

    let consumer: EventConsumer | undefined;
    const readiness = [
      ...infra.readiness,
      downstreamReadiness("auth-server", config.AUTH_SERVER_GRPC_ADDR, lifecycle),
    ];
    const app = buildApp({
      config,
      logger,
      readiness,
      store,
      pipeline,
      eventProducer,
      verifier: createVerifierFromConfig(config),
      consumer: () => consumer,
    });
    const started = await startIngestConsumer(bus, pipeline);
    consumer = started;
    lifecycle.add("consumers", "ingest-consumer", () => started.stop());
    return await serve({
      name: SERVICE_NAME,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      http: app.http,
      grpc: app.grpc,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    // Close whatever opened before the failure, so a failed start leaves nothing running.
    await lifecycle.stop();
    throw error;
  }
}
