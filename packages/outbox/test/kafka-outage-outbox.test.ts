import { randomUUID } from "node:crypto";
import { createEventBus, withDeadLetterTopics } from "@kurz/events";
import { createDatabase } from "@kurz/relational";
import { kafkaBackend } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { createOutboxRelay } from "../src";
import * as schema from "./fixtures/schema";
import { migrationsFolder, record, sleep, waitUntil, writeNote } from "./outbox-test-kit";

const kafka = await kafkaBackend();
const skip = !kafka.available
  ? kafka.reason
  : kafka.value.source !== "mock"
    ? "needs the Kafka mock cluster"
    : undefined;

describe.skipIf(skip !== undefined)("outbox during a broker outage", () => {
  it("delivers a change committed while the broker is down exactly once after it returns", async () => {
    if (!kafka.available) return;
    const topic = `test.outbox-outage.${randomUUID().slice(0, 8)}`;
    const topics = withDeadLetterTopics([topic]);
    const cluster = await kafka.value.start({ topics, partitions: 3 });
    const bus = createEventBus({
      brokers: cluster.brokers,
      clientId: "outbox-outage",
      topics,
      kafka: cluster.tuning,
    });
    const connection = await createDatabase({ schema });
    await connection.migrate(migrationsFolder);
    const relay = createOutboxRelay({
      db: connection.db,
      producer: bus.producer({ retryBackoff: { initialMs: 50, maxMs: 300 } }),
      pollIntervalMs: 50,
      leaseMs: 1_500,
    });
    try {
      relay.start();
      await cluster.mock!.setBrokerDown(1);
      // The writes commit although nothing can be published.
      for (let i = 0; i < 5; i++) await writeNote(connection, topic, "account-1", `during-${i}`);
      await sleep(1_500);
      expect(relay.stats().published).toBe(0);
      await cluster.mock!.setBrokerUp(1);
      await waitUntil("the relay marked the rows sent", () => relay.stats().published >= 5, 30_000);

      const received = await record(bus, topic, `after-${randomUUID().slice(0, 8)}`);
      await waitUntil("the consumer received everything", () => received.length >= 5, 30_000);
      await sleep(500);
      expect(received.map((message) => message.text)).toEqual([0, 1, 2, 3, 4].map((i) => `during-${i}`));
    } finally {
      await relay.stop();
      await bus.close();
      await connection.close();
      await cluster.stop();
    }
  }, 60_000);
});
