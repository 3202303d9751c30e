import { AppError, isAppError } from "@kurz/errors";
import { waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import {
  type BatchConsumeOptions,
  type ConsumeOptions,
  deadLetterHeaders,
  deadLetterTopic,
  type EventBus,
  type EventConsumer,
  type EventLogger,
  type ReceivedMessage,
  withDeadLetterTopics,
} from "../src";
import { capturingLogger, countTexts, textMessage, textOf, uniqueGroup, uniqueTopic } from "./bus-test-kit";

export interface BusUnderTest {
  bus: EventBus;
  cleanup(): Promise<void>;
}

export interface ContractSetup {
  /** Skip reason, or undefined to run. */
  skip: string | undefined;
  /** A bus that knows exactly these topics (the cluster has them, with 3 partitions each). */
  makeBus(topics: string[], logger?: EventLogger): Promise<BusUnderTest>;
  /** Run the tests concurrently (each has its own cluster): hides the real cluster's join delays. */
  concurrent?: boolean;
}

const fastRetries = { maxAttempts: 3, retryBackoff: { initialMs: 10, maxMs: 50 } } as const;

/** Runs a test body with its own topic (and its dead-letter topic) on a fresh bus. */
async function withBus(
  setup: ContractSetup,
  label: string,
  body: (bus: EventBus, topic: string, logs: Array<Record<string, unknown>>) => Promise<void>,
) {
  const topic = uniqueTopic(label);
  const { logger, events } = capturingLogger();
  const { bus, cleanup } = await setup.makeBus(withDeadLetterTopics([topic]), logger);
  try {
    await body(bus, topic, events);
  } finally {
    await bus.close();
    await cleanup();
  }
}

/** Starts a consumer that records what its handler saw. */
async function recordingConsumer(
  bus: EventBus,
  options: Omit<ConsumeOptions, "handler"> & { handler?: (message: ReceivedMessage) => Promise<void> },
): Promise<{ consumer: EventConsumer; seen: ReceivedMessage[]; texts: () => string[] }> {
  const seen: ReceivedMessage[] = [];
  const consumer = await bus.consume({
    ...fastRetries,
    ...options,
    handler: async (message) => {
      await options.handler?.(message);
      seen.push(message);
    },
  });
  return { consumer, seen, texts: () => seen.map(textOf) };
}

/** Starts a batch consumer that records each batch its handler completed. */
async function recordingBatchConsumer(
  bus: EventBus,
  options: Omit<BatchConsumeOptions, "handleBatch"> & {
    handleBatch?: (messages: ReceivedMessage[]) => Promise<void>;
  },
): Promise<{ consumer: EventConsumer; batches: ReceivedMessage[][]; texts: () => string[] }> {
  const batches: ReceivedMessage[][] = [];
  const consumer = await bus.consumeBatches({
    ...fastRetries,
    ...options,
    handleBatch: async (messages) => {
      await options.handleBatch?.(messages);
      batches.push(messages);
    },
  });
  return { consumer, batches, texts: () => batches.flat().map(textOf) };
}

async function publish(bus: EventBus, topic: string, messages: Array<[key: string, text: string]>) {
  const producer = bus.producer({ lingerMs: 5 });
  for (const [key, text] of messages) await producer.send(topic, textMessage(key, text));
  await producer.close();
}

function numbered(count: number, keys: number, prefix = "m"): Array<[string, string]> {
  return Array.from({ length: count }, (_, i) => [`key-${i % keys}`, `${prefix}-${i}`]);
}

export function describeEventBusContract(name: string, setup: ContractSetup) {
  describe.skipIf(setup.skip !== undefined)(
    `event bus contract: ${name}`,
    { concurrent: setup.concurrent ?? false },
    () => {
      it("answers ping while the cluster is up", async () => {
        await withBus(setup, "ping", async (bus) => {
          await expect(bus.ping()).resolves.toBeUndefined();
        });
      });

      it("delivers every published message to a consumer group at least once and then shows no lag", async () => {
        await withBus(setup, "delivery", async (bus, topic) => {
          const sent = numbered(30, 10);
          await publish(bus, topic, sent);
          const { consumer, texts } = await recordingConsumer(bus, {
            groupId: uniqueGroup("delivery"),
            topics: [topic],
          });

          await waitFor(() => new Set(texts()).size, {
            until: (n) => n === sent.length,
            what: "all messages arrived",
          });
          expect(new Set(texts())).toEqual(new Set(sent.map(([, text]) => text)));
          await waitFor(async () => (await consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the group committed everything",
          });
        });
      });

      it("hands the messages of one key to the handler in the order they were published, retries included", async () => {
        await withBus(setup, "order", async (bus, topic) => {
          const sent = numbered(60, 4);
          await publish(bus, topic, sent);
          const { texts, seen } = await recordingConsumer(bus, {
            groupId: uniqueGroup("order"),
            topics: [topic],
            // Every seventh message fails once: the retry must happen before the next one of its key.
            handler: async (message) => {
              if (message.attempt === 1 && Number(textOf(message).split("-")[1]) % 7 === 0) {
                throw new Error("transient failure");
              }
            },
          });

          await waitFor(() => texts().length, {
            until: (n) => n >= sent.length,
            what: "all messages arrived",
          });
          for (let k = 0; k < 4; k++) {
            const key = `key-${k}`;
            const handled = seen.filter((message) => message.key === key).map(textOf);
            expect(handled).toEqual(sent.filter(([sentKey]) => sentKey === key).map(([, text]) => text));
          }
        });
      });

      it("gives every consumer group all the messages", async () => {
        await withBus(setup, "groups", async (bus, topic) => {
          const sent = numbered(20, 5);
          const [first, second] = await Promise.all([
            recordingConsumer(bus, { groupId: uniqueGroup("first"), topics: [topic] }),
            recordingConsumer(bus, { groupId: uniqueGroup("second"), topics: [topic] }),
          ]);
          await publish(bus, topic, sent);

          const all = new Set(sent.map(([, text]) => text));
          await waitFor(() => [first.texts().length, second.texts().length], {
            until: (counts) => counts.every((n) => n >= 20),
            what: "both groups got everything (20 each)",
          });
          expect(new Set(first.texts())).toEqual(all);
          expect(new Set(second.texts())).toEqual(all);
        });
      });

      it("shares the partitions among the members of one group so each message is handled once", async () => {
        await withBus(setup, "members", async (bus, topic) => {
          const groupId = uniqueGroup("members");
          const one = await recordingConsumer(bus, { groupId, topics: [topic] });
          const two = await recordingConsumer(bus, { groupId, topics: [topic] });
          const sent = numbered(60, 60);
          await publish(bus, topic, sent);

          const handled = () => [...one.texts(), ...two.texts()];
          await waitFor(() => handled().length, {
            until: (n) => n >= sent.length,
            what: "the group handled everything",
          });
          // A message is handled again only until its offset is committed: once the group has
          // committed everything, every repeat there will be has been seen.
          await waitFor(async () => (await one.consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the group to commit everything",
          });
          const counts = countTexts(handled());
          expect(counts.size).toBe(sent.length);
          expect([...counts.values()].every((count) => count === 1)).toBe(true);
          expect(one.texts().length).toBeGreaterThan(0);
          expect(two.texts().length).toBeGreaterThan(0);
        });
      });

      it("redelivers the message a member was handling when it crashed to the next member", async () => {
        await withBus(setup, "crash", async (bus, topic) => {
          const groupId = uniqueGroup("crash");
          const sent = numbered(5, 1);
          await publish(bus, topic, sent);

          let startedFirst!: () => void;
          const firstStarted = new Promise<void>((resolve) => {
            startedFirst = resolve;
          });
          const crashing = await recordingConsumer(bus, {
            groupId,
            topics: [topic],
            handler: () => {
              startedFirst();
              return new Promise<void>(() => {}); // hangs, as a process that is about to die
            },
          });
          await firstStarted;
          await crashing.consumer.crash();

          const next = await recordingConsumer(bus, { groupId, topics: [topic] });
          await waitFor(() => next.texts().length, {
            until: (n) => n >= sent.length,
            what: "the next member handled everything",
          });
          expect(next.texts()).toEqual(sent.map(([, text]) => text));
          expect(crashing.texts()).toEqual([]);
        });
      });

      it("parks a message that keeps failing in the dead-letter topic and goes on with the rest", async () => {
        await withBus(setup, "poison", async (bus, topic, logs) => {
          const groupId = uniqueGroup("poison");
          await publish(bus, topic, [
            ["account-1", "ok-1"],
            ["account-1", "poison"],
            ["account-1", "ok-2"],
          ]);
          let poisonAttempts = 0;
          const main = await recordingConsumer(bus, {
            groupId,
            topics: [topic],
            handler: async (message) => {
              if (textOf(message) !== "poison") return;
              poisonAttempts++;
              throw new Error("cannot decode payload");
            },
          });
          await waitFor(() => main.texts(), {
            until: (seen) => seen.includes("ok-2"),
            what: "the rest flowed",
          });
          expect(main.texts()).toEqual(["ok-1", "ok-2"]);
          expect(poisonAttempts).toBe(3);

          const dlq = await recordingConsumer(bus, {
            groupId: uniqueGroup("dlq"),
            topics: [deadLetterTopic(topic)],
          });
          await waitFor(() => dlq.seen.length, {
            until: (n) => n >= 1,
            what: "the poison message is in the dead-letter topic",
          });
          const [parked] = dlq.seen;
          expect(parked?.key).toBe("account-1");
          expect(textOf(parked!)).toBe("poison");
          expect(parked?.headers[deadLetterHeaders.error]).toContain("cannot decode payload");
          expect(parked?.headers[deadLetterHeaders.topic]).toBe(topic);
          expect(parked?.headers[deadLetterHeaders.offset]).toBe("1");
          expect(parked?.headers[deadLetterHeaders.partition]).toMatch(/^\d+$/);
          expect(parked?.headers[deadLetterHeaders.attempts]).toBe("3");
          expect(parked?.headers[deadLetterHeaders.groupId]).toBe(groupId);
          expect(logs.some((entry) => entry.event === "events.dead_lettered")).toBe(true);
          await waitFor(async () => (await main.consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the main group committed past the poison message",
          });
        });
      });

      it("hands over batches of consecutive messages of one partition, at most maxMessages each, in key order", async () => {
        await withBus(setup, "batches", async (bus, topic) => {
          const sent = numbered(40, 4);
          await publish(bus, topic, sent);
          const { consumer, batches, texts } = await recordingBatchConsumer(bus, {
            groupId: uniqueGroup("batches"),
            topics: [topic],
            batch: { maxMessages: 4, maxWaitMs: 20 },
          });

          await waitFor(() => texts().length, {
            until: (n) => n >= sent.length,
            what: "all messages arrived",
          });
          expect(texts().length).toBe(sent.length);
          expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
          for (const batch of batches) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(4);
            expect(new Set(batch.map((message) => message.partition)).size).toBe(1);
            const offsets = batch.map((message) => message.offset);
            expect(offsets).toEqual(offsets.map((_, i) => offsets[0]! + i));
          }
          const seen = batches.flat();
          for (let k = 0; k < 4; k++) {
            const key = `key-${k}`;
            expect(seen.filter((message) => message.key === key).map(textOf)).toEqual(
              sent.filter(([sentKey]) => sentKey === key).map(([, text]) => text),
            );
          }
          await waitFor(async () => (await consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the group committed everything",
          });
        });
      });

      it("retries a failed batch as a whole before the messages after it", async () => {
        await withBus(setup, "batch-retry", async (bus, topic) => {
          const sent = numbered(12, 1);
          await publish(bus, topic, sent);
          let failures = 0;
          const { texts, batches } = await recordingBatchConsumer(bus, {
            groupId: uniqueGroup("batch-retry"),
            topics: [topic],
            batch: { maxMessages: 5 },
            handleBatch: async (messages) => {
              if (failures < 2 && messages.some((message) => textOf(message) === "m-0")) {
                failures++;
                throw new Error("transient failure");
              }
            },
          });

          await waitFor(() => texts().length, {
            until: (n) => n >= sent.length,
            what: "all messages arrived",
          });
          expect(texts()).toEqual(sent.map(([, text]) => text));
          expect(batches[0]?.[0]?.attempt).toBe(3);
        });
      });

      it("redelivers the batch a member was handling when it crashed, since nothing of it was committed", async () => {
        await withBus(setup, "batch-crash", async (bus, topic) => {
          const groupId = uniqueGroup("batch-crash");
          const sent = numbered(6, 1);
          await publish(bus, topic, sent);

          let startedFirst!: () => void;
          const firstStarted = new Promise<void>((resolve) => {
            startedFirst = resolve;
          });
          const crashing = await recordingBatchConsumer(bus, {
            groupId,
            topics: [topic],
            batch: { maxMessages: 3 },
            handleBatch: () => {
              startedFirst();
              return new Promise<void>(() => {}); // hangs, as a process that is about to die
            },
          });
          await firstStarted;
          await crashing.consumer.crash();

          const next = await recordingBatchConsumer(bus, {
            groupId,
            topics: [topic],
            batch: { maxMessages: 3 },
          });
          await waitFor(() => next.texts().length, {
            until: (n) => n >= sent.length,
            what: "the next member handled everything",
          });
          expect(next.texts()).toEqual(sent.map(([, text]) => text));
          expect(crashing.texts()).toEqual([]);
          await waitFor(async () => (await next.consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the group committed everything",
          });
        });
      });

      it("retries a message through a dependency outage for as long as it lasts, never dead-lettering it", async () => {
        await withBus(setup, "outage", async (bus, topic, logs) => {
          await publish(bus, topic, [
            ["account-1", "needs-redis"],
            ["account-1", "after"],
          ]);
          let outageLeft = 7; // more failures than maxAttempts (3)
          const main = await recordingConsumer(bus, {
            groupId: uniqueGroup("outage"),
            topics: [topic],
            handler: async (message) => {
              if (textOf(message) === "needs-redis" && outageLeft-- > 0) {
                throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "redis is down" });
              }
            },
          });
          await waitFor(() => main.texts(), { until: (seen) => seen.includes("after"), what: "both flowed" });
          expect(main.texts()).toEqual(["needs-redis", "after"]);
          expect(logs.some((entry) => entry.event === "events.dead_lettered")).toBe(false);
          expect(logs.filter((entry) => entry.event === "events.handler_failed")).toHaveLength(7);
        });
      });

      it("retries a batch whole through a dependency outage instead of splitting and dead-lettering it", async () => {
        await withBus(setup, "batch-outage", async (bus, topic, logs) => {
          await publish(bus, topic, [
            ["account-1", "a"],
            ["account-1", "b"],
          ]);
          let outageLeft = 6;
          const main = await recordingBatchConsumer(bus, {
            groupId: uniqueGroup("batch-outage"),
            topics: [topic],
            batch: { maxMessages: 10 },
            handleBatch: async () => {
              if (outageLeft-- > 0) throw new AppError("TIMEOUT", { message: "clickhouse is slow" });
            },
          });
          await waitFor(() => main.texts(), { until: (seen) => seen.includes("b"), what: "both flowed" });
          expect(main.texts()).toEqual(["a", "b"]);
          expect(logs.some((entry) => entry.event === "events.batch_split")).toBe(false);
          expect(logs.some((entry) => entry.event === "events.dead_lettered")).toBe(false);
        });
      });

      it("parks a poison message of a failing batch in the dead-letter topic and handles the rest exactly once", async () => {
        await withBus(setup, "batch-poison", async (bus, topic, logs) => {
          const groupId = uniqueGroup("batch-poison");
          const sent: Array<[string, string]> = [
            ["account-1", "ok-1"],
            ["account-1", "ok-2"],
            ["account-1", "poison"],
            ["account-1", "ok-3"],
            ["account-1", "ok-4"],
          ];
          await publish(bus, topic, sent);
          let poisonAttempts = 0;
          const main = await recordingBatchConsumer(bus, {
            groupId,
            topics: [topic],
            batch: { maxMessages: 10 },
            handleBatch: async (messages) => {
              if (!messages.some((message) => textOf(message) === "poison")) return;
              poisonAttempts++;
              throw new Error("cannot decode payload");
            },
          });
          await waitFor(() => main.texts(), {
            until: (seen) => seen.includes("ok-4"),
            what: "the rest flowed",
          });
          expect(main.texts()).toEqual(["ok-1", "ok-2", "ok-3", "ok-4"]);
          // Every batch holding the poison failed: the batch attempts, then its own attempts alone.
          expect(poisonAttempts).toBeGreaterThanOrEqual(3 + 3);
          expect(logs.some((entry) => entry.event === "events.batch_split")).toBe(true);

          const dlq = await recordingConsumer(bus, {
            groupId: uniqueGroup("dlq"),
            topics: [deadLetterTopic(topic)],
          });
          // Dead-lettered before it is committed: once the main group has committed past it and
          // the dead-letter reader has read all there is, a second copy would be in dlq.seen.
          await waitFor(async () => (await main.consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the main group committed past the poison message",
          });
          await waitFor(async () => (await dlq.consumer.lag()).total, {
            until: (lag) => lag === 0,
            what: "the dead-letter topic to be read to its end",
          });
          expect(dlq.texts()).toEqual(["poison"]);
          expect(dlq.seen[0]?.headers[deadLetterHeaders.offset]).toBe("2");
          expect(dlq.seen[0]?.headers[deadLetterHeaders.groupId]).toBe(groupId);
        });
      });

      it("tells the retained offsets of each partition", async () => {
        await withBus(setup, "offsets", async (bus, topic) => {
          await publish(bus, topic, numbered(9, 9));
          const offsets = await bus.topicOffsets(topic);
          expect(offsets.map((p) => p.partition)).toEqual([0, 1, 2]);
          expect(offsets.reduce((sum, p) => sum + p.endOffset - p.startOffset, 0)).toBe(9);
          await expect(bus.topicOffsets("no.such.topic")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
        });
      });

      it("rejects a send with BUFFER_FULL when the producer buffer is full and still delivers what it accepted", async () => {
        await withBus(setup, "buffer", async (bus, topic, logs) => {
          const producer = bus.producer({ maxBufferedMessages: 5, lingerMs: 60_000 });
          for (let i = 0; i < 5; i++) await producer.send(topic, textMessage("k", `accepted-${i}`));

          const refusal = await producer
            .send(topic, textMessage("k", "refused"))
            .catch((error: unknown) => error);
          expect(isAppError(refusal) && refusal.code).toBe("BUFFER_FULL");
          expect(producer.stats()).toMatchObject({ buffered: 5, rejected: 1, delivered: 0 });
          expect(logs.some((entry) => entry.event === "events.buffer_full")).toBe(true);

          await producer.flush();
          expect(producer.stats()).toMatchObject({ buffered: 0, inFlight: 0, delivered: 5, rejected: 1 });
          const reader = await recordingConsumer(bus, { groupId: uniqueGroup("buffer"), topics: [topic] });
          await waitFor(() => reader.texts().length, {
            until: (n) => n >= 5,
            what: "accepted messages arrived",
          });
          expect(reader.texts()).toEqual([
            "accepted-0",
            "accepted-1",
            "accepted-2",
            "accepted-3",
            "accepted-4",
          ]);
        });
      });

      it("refuses topics it does not know", async () => {
        await withBus(setup, "unknown", async (bus) => {
          const producer = bus.producer();
          const refusal = await producer
            .send("no.such.topic", textMessage("k", "x"))
            .catch((error: unknown) => error);
          expect(isAppError(refusal) && refusal.code).toBe("VALIDATION_ERROR");
          const consumeRefusal = await bus
            .consume({ groupId: uniqueGroup("unknown"), topics: ["no.such.topic"], handler: async () => {} })
            .catch((error: unknown) => error);
          expect(isAppError(consumeRefusal) && consumeRefusal.code).toBe("VALIDATION_ERROR");
        });
      });
    },
  );
}
