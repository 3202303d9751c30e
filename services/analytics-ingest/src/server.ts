import { fileURLToPath } from "node:url";
import {
  createCallAuthenticatorFromConfig,
  createMembershipCheck,
  createRevocationCheck,
  createVerifierFromConfig,
} from "@kurz/auth-verifier";
import { createUserAgentClassifier, openGeoLocator } from "@kurz/click-enrichment";
import type { RepeatingTimer } from "@kurz/clock";
import type { EventConsumer } from "@kurz/events";
import { AUTH_SERVER_AUDIENCE, createGrpcClient } from "@kurz/grpc";
import { authV1, linksV1 } from "@kurz/proto";
import {
  createServiceTokensFromConfig,
  type RunningService,
  restRateLimitFromAuthServer,
  type SharedInfrastructure,
  startService,
} from "@kurz/service-runtime";
import { createReportGenerations } from "./analytics/account-generations";
import { buildApp } from "./app";
import { type ClickCountFeed, createClickCountFeed } from "./click-counts/create-click-count-feed";
import { sendClickCountsToLinkApi } from "./click-counts/send-click-counts-to-link-api";
import { type AnalyticsIngestConfig, SERVICE_NAME } from "./config";
import { createRetentionLookup } from "./enrichment/retention-lookup";
import { createVisitorHasher } from "./enrichment/visitor-hasher";
import { createIngestPipeline } from "./ingest/create-ingest-pipeline";
import { createClickEnricher } from "./ingest/enrich-click";
import { moveReportGenerations } from "./ingest/move-report-generations";
import { startIngestConsumer } from "./ingest/start-ingest-consumer";
import { createLinkApiDirectory } from "./ownership/create-link-api-directory";
import { createDimensionRollups, type DimensionRollups } from "./rollups/create-dimension-rollups";

const CLICKSTORE_MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));

/** What tests may swap: the click-count feed's and rollup job's timers (they fire them themselves). */
export interface AnalyticsIngestOptions {
  clickCountTimer?: RepeatingTimer;
  rollupTimer?: RepeatingTimer;
}

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startAnalyticsIngest(
  config: AnalyticsIngestConfig,
  shared: SharedInfrastructure = {},
  options: AnalyticsIngestOptions = {},
): Promise<RunningService & { clickCounts?: ClickCountFeed; rollups?: DimensionRollups }> {
  return startService<{ clickCounts: ClickCountFeed; rollups: DimensionRollups }>({
    name: SERVICE_NAME,
    config,
    needs: { cache: true, events: true, clickstore: { migrationsDir: CLICKSTORE_MIGRATIONS } },
    downstream: [
      ["auth-server", config.AUTH_SERVER_GRPC_ADDR],
      ["link-api", config.LINK_API_GRPC_ADDR],
    ],
    shared,
    build: async ({ logger, clock, infra, lifecycle, readiness }) => {
      const store = infra.clickstore!;
      const geo = await openGeoLocator(config.GEOIP_DATABASE_PATH);
      logger.info({ event: "geoip.opened", source: geo.source }, "GeoIP database opened");
      // What analytics-ingest's own gRPC calls carry: its service token for auth-server.
      const tokens = createServiceTokensFromConfig(config, SERVICE_NAME, clock);
      const authServer = createGrpcClient(authV1.AuthService, config.AUTH_SERVER_GRPC_ADDR, {
        logger,
        retry: { maxAttempts: 1 },
        auth: { audience: AUTH_SERVER_AUDIENCE, tokens },
      });
      lifecycle.add("clients", "grpc:auth-server", async () => authServer.close());
      // Access tokens revoked at auth-server stop working here within the check's window.
      const revocations = createRevocationCheck({
        address: config.AUTH_SERVER_GRPC_ADDR,
        notRevokedTtlMs: config.TOKEN_REVOCATION_CACHE_MS,
        tokens,
        onUnavailable: (err) => logger.warn({ event: "auth.revocation_check_unavailable", err }),
      });
      lifecycle.add("clients", "revocation-check", async () => revocations.close());
      // A person's role in the workspace a request acts in, asked on every request.
      const memberships = createMembershipCheck({
        address: config.AUTH_SERVER_GRPC_ADDR,
        clock,
        tokens,
        onUnavailable: (err) => logger.warn({ event: "auth.membership_check_unavailable", err }),
      });
      lifecycle.add("clients", "membership-check", async () => memberships.close());
      // Ownership lookups and click counts act for no account: the service's own token, and the
      // request names the account (verified here from its own token first).
      const linkApiAuth = { audience: "link-api", tokens };
      const ownership = createGrpcClient(linksV1.OwnershipService, config.LINK_API_GRPC_ADDR, {
        logger,
        auth: linkApiAuth,
      });
      const clickCountClient = createGrpcClient(linksV1.ClickCountService, config.LINK_API_GRPC_ADDR, {
        logger,
        auth: linkApiAuth,
      });
      lifecycle.add("clients", "grpc:link-api", async () => {
        ownership.close();
        clickCountClient.close();
      });
      const clickCounts = createClickCountFeed({
        store,
        send: sendClickCountsToLinkApi(clickCountClient),
        logger,
        intervalMs: config.CLICK_COUNT_PUSH_INTERVAL_MS,
        catchUpMs: config.CLICK_COUNT_CATCH_UP_MS,
        clock,
        ...(options.clickCountTimer ? { timer: options.clickCountTimer } : {}),
      });

      const generations = createReportGenerations(infra.cache!.cache, logger);
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
        onClicksWritten: clickCounts.noteClicks,
        afterClicksWritten: moveReportGenerations(generations, clock),
      });
      // Phase "producers" runs after the consumer stopped and before the click store closes:
      // rows still held (a conversion's, say) reach ClickHouse on a graceful stop.
      // The click-count feed's last push follows, so the totals include those rows too.
      lifecycle.add("producers", "ingest-batches", async () => {
        await pipeline.close(config.SHUTDOWN_TIMEOUT_MS);
        await clickCounts.stop();
      });
      const eventProducer = infra.bus!.producer({ lingerMs: 1 });
      lifecycle.add("producers", "conversion-producer", () => eventProducer.close());

      let consumer: EventConsumer | undefined;
      const app = buildApp({
        config,
        clock,
        logger,
        readiness,
        store,
        pipeline,
        eventProducer,
        verifier: createVerifierFromConfig(config, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
        }),
        authenticateCall: createCallAuthenticatorFromConfig(config, SERVICE_NAME, {
          isRevoked: revocations.isRevoked,
          roleOf: memberships.roleOf,
          clock,
        }),
        directory: createLinkApiDirectory({ client: ownership, ttlMs: config.OWNERSHIP_CACHE_TTL_MS, clock }),
        restRateLimit: restRateLimitFromAuthServer({ config, store: infra.cache!.cache, authServer, logger }),
        cache: infra.cache!,
        consumer: () => consumer,
        generations,
      });
      const started = await startIngestConsumer(infra.bus!, pipeline, config.INGEST_BATCH_MAX_ROWS);
      consumer = started;
      lifecycle.add("consumers", "ingest-consumer", async () => {
        // The batch in hand is committed once written: write it now rather than after the timer.
        pipeline.expedite();
        await started.stop();
      });
      clickCounts.start();
      // Finished days into the dimension rollups; on a first start, the backfill of every stored day.
      const rollups = createDimensionRollups({
        store,
        locks: infra.cache!.locks,
        logger,
        clock,
        intervalMs: config.DIMENSION_ROLLUP_INTERVAL_MS,
        settleMs: config.DIMENSION_ROLLUP_SETTLE_MS,
        ...(options.rollupTimer ? { timer: options.rollupTimer } : {}),
      });
      rollups.start();
      lifecycle.add("consumers", "dimension-rollups", () => rollups.stop());
      return { http: app.http, grpc: app.grpc, clickCounts, rollups };
    },
  });
}
