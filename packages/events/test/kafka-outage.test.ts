import { kafkaBackend, waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { createEventBus, withDeadLetterTopics } from "../src";
import { capturingLogger, countTexts, textMessage, textOf, uniqueGroup, uniqueTopic } from "./bus-test-kit";

const kafka = await kafkaBackend();
// Only the mock cluster can take a broker down; an external cluster from KURZ_TEST_KAFKA_BROKERS
// cannot, so there the test is skipped even in CI (the contract suite still runs against it).
const skip = !kafka.available
  ? kafka.reason
  : kafka.value.source !== "mock"
    ? "needs the Kafka mock cluster"
    : undefined;

const MESSAGES = 300;
const KEYS = 10;

describe.skipIf(skip !== undefined)("kafka bus during a broker outage", { concurrent: true }, () => {
  // At least once, not exactly once: a produce request whose acknowledgement the outage swallowed
  // is sent again, and without an idempotent producer (the librdkafka mock cannot serve one, see
  // the package README) the broker then stores it twice. Consumers de-duplicate by event id.
  it("keeps what it buffered while the broker is down and delivers all of it after, in order per key", async () => {
    if (!kafka.available) return;
    const topic = uniqueTopic("outage");
    const topics = withDeadLetterTopics([topic]);
    const cluster = await kafka.value.start({ topics, partitions: 3 });
    const mock = cluster.mock!;
    const { logger, events } = capturingLogger();
    const bus = createEventBus({
      brokers: cluster.brokers,
      clientId: "outage-test",
      topics,
      logger,
      kafka: cluster.tuning,
    });
    try {
      const producer = bus.producer({
        maxBufferedMessages: MESSAGES,
        lingerMs: 5,
        batchSize: 20,
        retryBackoff: { initialMs: 50, maxMs: 400 },
      });
      const sent: Array<{ key: string; text: string }> = [];
      for (let i = 0; i < MESSAGES; i++) {
        if (i === 100) await mock.setBrokerDown(1);
        if (i === 200) {
          // The buffer has been holding the outage's messages the whole time.
          expect(producer.stats().failedAttempts).toBeGreaterThan(0);
          expect(producer.stats().buffered + producer.stats().inFlight).toBeGreaterThan(0);
          await mock.setBrokerUp(1);
        }
        const message = { key: `key-${i % KEYS}`, text: `m-${i}` };
        await producer.send(topic, textMessage(message.key, message.text));
        sent.push(message);
        // fixed-delay: spreads the sends over time, a second of them into the outage
        await new Promise((resolve) => setTimeout(resolve, i >= 100 && i < 200 ? 10 : 2));
      }
      await producer.flush(20_000);
      expect(producer.stats()).toMatchObject({ delivered: MESSAGES, rejected: 0, buffered: 0, inFlight: 0 });
      expect(events.some((entry) => entry.event === "events.send_failed")).toBe(true);

      const groups = [uniqueGroup("after-outage-a"), uniqueGroup("after-outage-b")];
      const received = new Map(groups.map((group) => [group, [] as Array<{ key: string; text: string }>]));
      const consumers = await Promise.all(
        groups.map((groupId) =>
          bus.consume({
            groupId,
            topics: [topic],
            handler: async (message) => {
              received.get(groupId)!.push({ key: message.key, text: textOf(message) });
            },
          }),
        ),
      );
      await waitFor(() => groups.map((group) => received.get(group)!.length), {
        until: (counts) => counts.every((n) => n >= MESSAGES),
        what: `both groups to receive everything (${MESSAGES} each)`,
      });
      // A message is delivered again only until its offset is committed: once both groups have
      // committed everything, every repeat there will be has arrived.
      await waitFor(() => Promise.all(consumers.map(async (consumer) => (await consumer.lag()).total)), {
        until: (lags) => lags.every((lag) => lag === 0),
        what: "both groups to commit everything",
      });

      for (const group of groups) {
        const messages = received.get(group)!;
        const counts = countTexts(messages.map((message) => message.text));
        expect(counts.size).toBe(MESSAGES);
        // A re-sent request repeats a few messages at most, never a large part of the stream.
        expect(messages.length - MESSAGES).toBeLessThanOrEqual(MESSAGES / 10);
        for (let k = 0; k < KEYS; k++) {
          const key = `key-${k}`;
          const inOrder = sent.filter((message) => message.key === key).map((message) => message.text);
          // Order per key holds for first deliveries (a repeat comes after the original).
          const firsts = [
            ...new Set(messages.filter((message) => message.key === key).map((message) => message.text)),
          ];
          expect(firsts).toEqual(inOrder);
        }
      }
    } finally {
      await bus.close();
      await cluster.stop();
    }
  });

  it("keeps a consumer group consuming after an outage longer than its session timeout", async () => {
    if (!kafka.available) return;
    const topic = uniqueTopic("consumer-outage");
    const topics = withDeadLetterTopics([topic]);
    const cluster = await kafka.value.start({ topics, partitions: 3 });
    const bus = createEventBus({
      brokers: cluster.brokers,
      clientId: "outage-test",
      topics,
      kafka: cluster.tuning,
    });
    try {
      const handled: string[] = [];
      await bus.consume({
        groupId: uniqueGroup("consumer-outage"),
        topics: [topic],
        handler: async (message) => {
          handled.push(textOf(message));
        },
      });
      const producer = bus.producer({ lingerMs: 5, retryBackoff: { initialMs: 50, maxMs: 300 } });
      for (let i = 0; i < 10; i++) await producer.send(topic, textMessage(`key-${i}`, `before-${i}`));
      await waitFor(() => handled.length, {
        until: (n) => n >= 10,
        what: "messages before the outage arrived",
      });

      await cluster.mock!.setBrokerDown(1);
      for (let i = 0; i < 10; i++) await producer.send(topic, textMessage(`key-${i}`, `during-${i}`));
      // fixed-delay: the outage under test outlasts the group's session timeout
      await new Promise((resolve) => setTimeout(resolve, cluster.tuning.sessionTimeoutMs + 1_000));
      await cluster.mock!.setBrokerUp(1);

      await waitFor(() => new Set(handled).size, {
        until: (n) => n >= 20,
        what: "messages sent during the outage arrived",
      });
      const expected = Array.from({ length: 10 }, (_, i) => [`before-${i}`, `during-${i}`]).flat();
      expect(new Set(handled)).toEqual(new Set(expected));
    } finally {
      await bus.close();
      await cluster.stop();
    }
  });

  it("fails ping with DEPENDENCY_UNAVAILABLE while the broker is down and answers again after", async () => {
    if (!kafka.available) return;
    const topics = withDeadLetterTopics([uniqueTopic("ping")]);
    const cluster = await kafka.value.start({ topics, partitions: 3 });
    const bus = createEventBus({
      brokers: cluster.brokers,
      clientId: "outage-test",
      topics,
      kafka: cluster.tuning,
    });
    try {
      await bus.ping();
      await cluster.mock!.setBrokerDown(1);
      await expect(bus.ping()).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE" });
      await cluster.mock!.setBrokerUp(1);
      // A ping that throws is read again; the wait names the last error if it never answers.
      await waitFor(() => bus.ping().then(() => true), "ping answers again");
    } finally {
      await bus.close();
      await cluster.stop();
    }
  });
});
