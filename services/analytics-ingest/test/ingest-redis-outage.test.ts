import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eventTopics, type ReceivedMessage } from "@kurz/events";
import { createLogger } from "@kurz/logger";
import { redisBackend, startTcpFaultProxy, type TcpFaultProxy, waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IngestHarness, startIngestHarness } from "./ingest-harness";

const backend = await redisBackend();
const ACCOUNT = "6f1b1c3e-3333-4a5b-8c9d-000000000009";

/**
 * Visitor salts live in Redis. While Redis is unreachable clicks cannot be enriched: they must
 * wait (the consumer retries them) and be stored once Redis is back, never dead-lettered.
 */
describe.skipIf(!backend.available)("analytics-ingest through a Redis outage", () => {
  let h: IngestHarness;
  let proxy: TcpFaultProxy;
  const deadLetters: ReceivedMessage[] = [];
  /** What the service logged (warnings and up), one object a line. */
  const logged: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    service: "analytics-ingest-test",
    level: "warn",
    destination: new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  });

  beforeAll(async () => {
    const target = new URL(backend.available ? backend.value.url : "redis://127.0.0.1:6379");
    proxy = await startTcpFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    // Redis is cut before the first click: no salt is known yet, so enrichment needs Redis.
    proxy.cut();
    h = await startIngestHarness(
      {},
      { redisUrl: `redis://${proxy.address}`, redisKeyPrefix: `kurz-test:${randomUUID()}:`, logger },
    );
    await h.bus.consume({
      groupId: "ingest-outage-dlq",
      topics: [`${eventTopics.click}.dlq`],
      handler: async (message) => {
        deadLetters.push(message);
      },
    });
  });

  afterAll(async () => {
    await h?.close();
    await proxy?.stop();
  });

  it("holds the clicks while Redis is down and stores every one of them once it is back", async () => {
    const link = `outage-${randomUUID()}`;
    const clicks = Array.from({ length: 25 }, (_, i) => ({
      accountId: ACCOUNT,
      linkId: link,
      host: "localhost",
      code: "o",
      ip: `81.2.69.${i + 1}`,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
    }));
    await h.publishClicks(clicks);
    await h.producer.flush();
    // More failed tries than maxAttempts (3): a failure that was not transient would have been
    // split and dead-lettered by now.
    await waitFor(() => logged.filter((line) => line.event === "events.batch_failed"), {
      until: (failures) => failures.length > 3,
      what: "the batch to fail more than maxAttempts (3) times while Redis is down",
    });
    expect(deadLetters).toHaveLength(0);
    expect((await h.consumer.lag()).total).toBeGreaterThan(0);

    proxy.restore();
    await h.settle();
    const stored = await h.store.client.query({
      query:
        "SELECT count() AS n, uniqExact(visitor_hash) AS visitors FROM clicks_v1 WHERE link_id = {link:String}",
      query_params: { link },
      format: "JSONEachRow",
    });
    const [row] = await stored.json<{ n: string | number; visitors: string | number }>();
    expect(Number(row?.n)).toBe(25);
    expect(Number(row?.visitors)).toBe(25);
    await waitFor(async () => (await h.consumer.lag()).total, { until: (lag) => lag === 0, what: "lag 0" });
    expect(deadLetters).toHaveLength(0);
  });
});
