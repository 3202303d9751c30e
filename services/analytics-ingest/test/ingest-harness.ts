import { fileURLToPath } from "node:url";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  createCallAuthenticatorFromConfig,
  createVerifierFromConfig,
  ownWorkspaceOnly,
} from "@kurz/auth-verifier";
import { type CacheConnection, createCache } from "@kurz/cache";
import { createUserAgentClassifier, type GeoLocator, openGeoLocator } from "@kurz/click-enrichment";
import { type ClickStore, createClickStore } from "@kurz/clickstore";
import {
  createEventBus,
  type EventBus,
  type EventConsumer,
  type EventProducer,
  encodeEvent,
  eventTopics,
} from "@kurz/events";
import { createLogger, type Logger } from "@kurz/logger";
import { clicksV1 } from "@kurz/proto";
import { type AccountQuotaLookup, type Clock, createRestRateLimit, systemClock } from "@kurz/service-runtime";
import { startTestIssuer, TEST_SERVICE_CLIENT_SECRET, type TestIssuer, waitFor } from "@kurz/testing";
import { v7 as uuidv7 } from "uuid";
import { createReportGenerations } from "../src/analytics/account-generations";
import { type App, buildApp } from "../src/app";
import { type AnalyticsIngestConfig, loadConfig, SERVICE_NAME } from "../src/config";
import { createRetentionLookup } from "../src/enrichment/retention-lookup";
import { createVisitorHasher } from "../src/enrichment/visitor-hasher";
import { createIngestPipeline, type IngestPipeline } from "../src/ingest/create-ingest-pipeline";
import { createClickEnricher } from "../src/ingest/enrich-click";
import { moveReportGenerations } from "../src/ingest/move-report-generations";
import { startIngestConsumer } from "../src/ingest/start-ingest-consumer";
import { createKnownResources, type KnownResources } from "./known-resources";

const MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));

/** A click's fields (message-typed ones as messages or init objects); account and link required. */
export type ClickInit = Partial<Omit<clicksV1.ClickRecorded, "$typeName" | "$unknown" | "utm">> & {
  accountId: string;
  linkId: string;
  utm?: { source?: string; medium?: string; campaign?: string; term?: string; content?: string };
};

export interface IngestHarness {
  app: App;
  config: AnalyticsIngestConfig;
  store: ClickStore;
  bus: EventBus;
  issuer: TestIssuer;
  /** link-api's answers (which links, campaigns and hosts are whose); publishClicks adds to it. */
  resources: KnownResources;
  pipeline: IngestPipeline;
  consumer: EventConsumer;
  producer: EventProducer;
  /**
   * Publishes click events as the redirector does, after declaring their links, campaigns and
   * hosts the way link-api would know them; returns their click ids.
   */
  publishClicks(clicks: ClickInit[]): Promise<string[]>;
  /** Waits until everything published so far is consumed and written to ClickHouse. */
  settle(): Promise<void>;
  /** A graceful restart of the consumer and its batches (the click store stays). */
  restart(): Promise<void>;
  token(accountId: string, scopes: string[]): Promise<string>;
  close(): Promise<void>;
}

export function clickEvent(click: ClickInit): ReturnType<typeof encodeEvent> {
  const clickId = click.clickId || uuidv7();
  const clickedAt = click.clickedAt ?? timestampFromMs(Date.now());
  return encodeEvent("redirector", {
    id: clickId,
    type: "click.recorded",
    accountId: click.accountId,
    key: click.linkId,
    schema: clicksV1.ClickRecordedSchema,
    payload: { method: clicksV1.RequestMethod.GET, ...click, clickId, clickedAt },
  });
}

export async function startIngestHarness(
  env: Record<string, string> = {},
  options: {
    redisUrl?: string;
    redisKeyPrefix?: string;
    /** The clock of the REST rate windows. */
    clock?: Clock;
    /** Plans' REST requests per minute; without it every account gets REST_REQUESTS_PER_MINUTE. */
    accountQuota?: AccountQuotaLookup;
    /** Where the service and its bus log (a test reads what was logged); silent by default. */
    logger?: Logger;
  } = {},
): Promise<IngestHarness> {
  const logger =
    options.logger ??
    createLogger({
      service: "analytics-ingest-test",
      level: process.env.TEST_LOG_LEVEL ?? "silent",
    });
  const issuer = await startTestIssuer();
  const config = loadConfig({
    AUTH_SERVER_HTTP_URL: issuer.baseUrl,
    SERVICE_CLIENT_SECRET: TEST_SERVICE_CLIENT_SECRET,
    // Nothing listens there: retention falls back to DEFAULT_RETENTION_DAYS.
    AUTH_SERVER_GRPC_ADDR: "127.0.0.1:1",
    INGEST_BATCH_MAX_WAIT_MS: "20",
    CONVERSION_CLICK_WAIT_MS: "500",
    ...env,
  });
  const store = await createClickStore({ logger });
  await store.migrate(MIGRATIONS);
  const bus = createEventBus({ clientId: "analytics-ingest-test", logger });
  const cache: CacheConnection = createCache({
    logger,
    redisUrl: options.redisUrl,
    keyPrefix: options.redisKeyPrefix,
    commandTimeoutMs: 300,
  });
  const geo: GeoLocator = await openGeoLocator();
  const classifyUserAgent = createUserAgentClassifier();
  const retention = createRetentionLookup({
    client: undefined,
    defaultDays: config.DEFAULT_RETENTION_DAYS,
    ttlMs: 60_000,
    logger,
  });
  // As the service runs: reports remember their day coverage until the account's clicks are written.
  const generations = createReportGenerations(cache.cache, logger);
  const afterClicksWritten = moveReportGenerations(generations, systemClock);
  const newPipeline = () =>
    createIngestPipeline({
      store,
      enricher: createClickEnricher({ classifyUserAgent, geo, visitors: createVisitorHasher(cache) }),
      retention,
      logger,
      batchMaxRows: config.INGEST_BATCH_MAX_ROWS,
      batchMaxWaitMs: config.INGEST_BATCH_MAX_WAIT_MS,
      maxPendingRows: config.INGEST_MAX_PENDING_ROWS,
      afterClicksWritten,
    });
  const producer = bus.producer({ lingerMs: 1 });
  const eventProducer = bus.producer({ lingerMs: 1 });
  const harness = {
    pipeline: newPipeline(),
    consumer: undefined as unknown as EventConsumer,
  };
  harness.consumer = await startIngestConsumer(bus, harness.pipeline, config.INGEST_BATCH_MAX_ROWS);
  const verifier = createVerifierFromConfig(config, { roleOf: ownWorkspaceOnly });
  const resources = createKnownResources();

  // The app reads pipeline/consumer through these getters, so a restart swaps them underneath.
  const pipelineProxy = new Proxy({} as IngestPipeline, {
    get: (_target, property) => harness.pipeline[property as keyof IngestPipeline],
  });
  const app = buildApp({
    config,
    logger,
    readiness: [],
    store,
    pipeline: pipelineProxy,
    eventProducer,
    verifier,
    authenticateCall: createCallAuthenticatorFromConfig(config, SERVICE_NAME),
    directory: resources,
    restRateLimit: createRestRateLimit({
      store: cache.cache,
      clock: options.clock,
      logger,
      accountQuota: options.accountQuota ?? (async () => 0),
      defaultPerMinute: config.REST_REQUESTS_PER_MINUTE,
      perIpPerMinute: config.REST_REQUESTS_PER_MINUTE_PER_IP,
    }),
    cache,
    consumer: () => harness.consumer,
    generations,
  });
  await app.http.app.ready();

  async function settle(): Promise<void> {
    await producer.flush();
    await eventProducer.flush();
    // Rows are acknowledged once written: write what is held until the group has committed all.
    await waitFor(
      async () => {
        await harness.pipeline.clicks.flush();
        await harness.pipeline.conversions.flush();
        return (await harness.consumer.lag()).total;
      },
      { until: (lag) => lag === 0, what: "the consumer to catch up (lag 0)" },
    );
  }

  return {
    app,
    config,
    store,
    bus,
    issuer,
    resources,
    producer,
    get pipeline() {
      return harness.pipeline;
    },
    get consumer() {
      return harness.consumer;
    },
    async publishClicks(clicks) {
      const ids: string[] = [];
      for (const click of clicks) {
        resources.addLink(click.accountId, {
          linkId: click.linkId,
          code: click.code ?? "",
          ...(click.host ? { host: click.host } : {}),
          destinationUrl: click.destinationUrl ?? "",
          campaignId: click.campaignId ?? "",
          qr: click.qr ?? false,
        });
        if (click.campaignId) resources.addCampaign(click.accountId, click.campaignId);
        if (click.host) resources.addHost(click.accountId, click.host);
        const message = clickEvent(click);
        ids.push(message.headers["event-id"] ?? "");
        await producer.send(eventTopics.click, message);
      }
      return ids;
    },
    settle,
    async restart() {
      // As the service's shutdown does: the batch in hand is written at once, then committed.
      harness.pipeline.expedite();
      await harness.consumer.stop();
      await harness.pipeline.close(10_000);
      harness.pipeline = newPipeline();
      harness.consumer = await startIngestConsumer(bus, harness.pipeline, config.INGEST_BATCH_MAX_ROWS);
    },
    token: (accountId, scopes) => issuer.mint({ accountId, scopes }),
    async close() {
      await app.http.app.close();
      harness.pipeline.expedite();
      await harness.consumer.stop();
      await harness.pipeline.close(5_000);
      await bus.close();
      await cache.close();
      await store.close();
      await issuer.stop();
    },
  };
}
