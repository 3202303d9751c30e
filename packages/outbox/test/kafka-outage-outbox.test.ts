import { randomUUID } from "node:crypto";
import { createEventBus, withDeadLetterTopics } from "@kurz/events";
import { createDatabase } from "@kurz/relational";
import { kafkaBackend, waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { createOutboxRelay } from "../src";
import * as schema from "./fixtures/schema";
import { migrationsFolder, record, writeNote } from "./outbox-test-kit";

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
    const logged: Array<Record<string, unknown>> = [];
    const log = (fields: Record<string, unknown>) => {
      logged.push(fields);
    };
    const relay = createOutboxRelay({
      db: connection.db,
      producer: bus.producer({ retryBackoff: { initialMs: 50, maxMs: 300 } }),
      logger: { debug: log, info: log, warn: log, error: log },
      pollIntervalMs: 50,
      leaseMs: 1_500,
    });
    try {
      relay.start();
      await cluster.mock!.setBrokerDown(1);
      // The writes commit although nothing can be published.
      for (let i = 0; i < 5; i++) await writeNote(connection, topic, "account-1", `during-${i}`);
      // The relay has sent the rows to its producer and is waiting for the broker to take them.
      await waitFor(() => logged.map((fields) => fields.event), {
        until: (events) => events.includes("outbox.publish_waiting"),
        what: "the relay to wait for the broker (outbox.publish_waiting)",
      });
      expect(relay.stats().published).toBe(0);
      await cluster.mock!.setBrokerUp(1);
      await waitFor(() => relay.stats().published, {
        until: (n) => n >= 5,
        what: "the relay marked the rows sent",
      });

      const received = await record(bus, topic, `after-${randomUUID().slice(0, 8)}`);
      await waitFor(() => received.length, {
        until: (n) => n >= 5,
        what: "the consumer received everything",
      });
      // A message published twice comes again before any later one of its key: once a message
      // written after the outage is here, any repeat of the five would be too.
      await writeNote(connection, topic, "account-1", "after");
      await waitFor(() => received.map((message) => message.text), {
        until: (texts) => texts.includes("after"),
        what: "the message written after the outage",
      });
      expect(received.map((message) => message.text)).toEqual([
        ...[0, 1, 2, 3, 4].map((i) => `during-${i}`),
        "after",
      ]);
    } finally {
      await relay.stop();
      await bus.close();
      await connection.close();
      await cluster.stop();
    }
  });
});
