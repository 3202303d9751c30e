import { fileURLToPath } from "node:url";
import { createCache } from "@kurz/cache";
import { createUserAgentClassifier, openGeoLocator } from "@kurz/click-enrichment";
import { createClickStore } from "@kurz/clickstore";
import { allTopics, createEventBus, type EventConsumer, eventTopics } from "@kurz/events";
import { createLogger } from "@kurz/logger";
import { kafkaBackend, waitFor } from "@kurz/testing";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { createRetentionLookup } from "../src/enrichment/retention-lookup";
import { createVisitorHasher } from "../src/enrichment/visitor-hasher";
import { createIngestPipeline } from "../src/ingest/create-ingest-pipeline";
import { createClickEnricher } from "../src/ingest/enrich-click";
import { startIngestConsumer } from "../src/ingest/start-ingest-consumer";
import { clickEvent } from "./ingest-harness";

const kafka = await kafkaBackend();
const MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));
const ACCOUNT = "6f1b1c3e-4444-4a5b-8c9d-000000000005";
/** Each its own record batch: the librdkafka mock hands out one per partition per fetch. */
const BACKLOG = 15;
/**
 * The batcher's wait for company; the backlog would take BACKLOG of these to drain with it. Below
 * the mock tuning's session timeout: a handler is not expected to hold a batch longer.
 */
const BATCH_MAX_WAIT_MS = 2_000;

describe.skipIf(!kafka.available)("analytics-ingest behind on a partition", () => {
  it("drains a backlog of single-message fetches without waiting for company each round", async () => {
    if (!kafka.available) return;
    const cluster = await kafka.value.start({ topics: allTopics(), partitions: 3 });
    const logger = createLogger({
      service: "ingest-catch-up-test",
      level: process.env.TEST_LOG_LEVEL ?? "silent",
    });
    const bus = createEventBus({
      brokers: cluster.brokers,
      clientId: "catch-up-test",
      kafka: cluster.tuning,
      logger,
    });
    const store = await createClickStore({ logger });
    const cache = createCache({ logger, commandTimeoutMs: 300 });
    let consumer: EventConsumer | undefined;
    try {
      await store.migrate(MIGRATIONS);
      // Published before the group joins, one acknowledged send each: a backlog of BACKLOG
      // record batches on the link's partition, as a consumer stalled for a few seconds (a
      // clock step timing out its requests, an overloaded machine) finds it.
      const producer = bus.producer({ lingerMs: 1 });
      const linkId = uuidv7();
      for (let i = 0; i < BACKLOG; i++) {
        await producer.send(eventTopics.click, clickEvent({ accountId: ACCOUNT, linkId }));
        await producer.flush();
      }
      const pipeline = createIngestPipeline({
        store,
        enricher: createClickEnricher({
          classifyUserAgent: createUserAgentClassifier(),
          geo: await openGeoLocator(),
          visitors: createVisitorHasher(cache),
        }),
        retention: createRetentionLookup({ client: undefined, defaultDays: 30, ttlMs: 60_000, logger }),
        logger,
        batchMaxRows: 10_000,
        batchMaxWaitMs: BATCH_MAX_WAIT_MS,
        maxPendingRows: 50_000,
      });
      consumer = await startIngestConsumer(bus, pipeline, 10_000);
      const joined = consumer;
      // A bound above even the old way's BACKLOG waits: how fast is not what this test decides.
      const lag = await waitFor(async () => (await joined.lag()).total, {
        until: (total) => total === 0,
        what: "the backlog to be committed",
        timeoutMs: 120_000,
      });
      expect(lag).toBe(0);
      expect(pipeline.clicks.stats().writtenRows).toBe(BACKLOG);
      // Behind the partition's end, no round waited for company; only the last batch, with
      // nothing behind it, may have (waiting on every round is what made the drain slow).
      expect(pipeline.clicks.stats().expiredWaits).toBeLessThanOrEqual(1);
      await producer.close();
    } finally {
      await consumer?.stop();
      await bus.close();
      await cache.close();
      await store.close();
      await cluster.stop();
    }
  }, 180_000);
});
