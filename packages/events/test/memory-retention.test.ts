import { waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import {
  createEventBus,
  type EventBus,
  type EventConsumer,
  type EventLogger,
  type ReceivedMessage,
  withDeadLetterTopics,
} from "../src";
import { capturingLogger, textMessage, textOf, uniqueGroup, uniqueTopic } from "./bus-test-kit";

const fastRetries = { maxAttempts: 2, retryBackoff: { initialMs: 5, maxMs: 10 } } as const;

function memoryBus(options: { partitions?: number; maxMessagesPerPartition?: number; logger?: EventLogger }) {
  const topic = uniqueTopic("retention");
  const bus = createEventBus({
    clientId: "retention-test",
    topics: withDeadLetterTopics([topic]),
    partitions: options.partitions ?? 3,
    logger: options.logger,
    ...(options.maxMessagesPerPartition
      ? { memoryRetention: { maxMessagesPerPartition: options.maxMessagesPerPartition } }
      : {}),
  });
  return { bus, topic };
}

async function publish(bus: EventBus, topic: string, count: number, prefix = "m", keys = 7) {
  const producer = bus.producer({ lingerMs: 1, maxBufferedMessages: count + 1 });
  for (let i = 0; i < count; i++)
    await producer.send(topic, textMessage(`key-${i % keys}`, `${prefix}-${i}`));
  await producer.close();
}

async function retained(bus: EventBus, topic: string): Promise<number> {
  const offsets = await bus.topicOffsets(topic);
  return offsets.reduce((sum, p) => sum + p.endOffset - p.startOffset, 0);
}

async function recorder(
  bus: EventBus,
  topic: string,
  groupId: string,
  gate?: Promise<void>,
): Promise<{ consumer: EventConsumer; seen: string[] }> {
  const seen: string[] = [];
  const consumer = await bus.consume({
    ...fastRetries,
    groupId,
    topics: [topic],
    handler: async (message: ReceivedMessage) => {
      await gate;
      seen.push(textOf(message));
    },
  });
  return { consumer, seen };
}

function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe("in-process bus retention", () => {
  it("drops what every group that subscribed to the topic has committed, and nothing a group still needs", async () => {
    const { bus, topic } = memoryBus({});
    try {
      const slowGate = gate();
      const fast = await recorder(bus, topic, uniqueGroup("fast"));
      const slow = await recorder(bus, topic, uniqueGroup("slow"), slowGate.wait);
      await publish(bus, topic, 300);

      await waitFor(async () => (await fast.consumer.lag()).total, {
        until: (lag) => lag === 0,
        what: "the fast group committed everything",
      });
      // The slow group is still on its first messages: the log keeps everything it has not committed.
      expect(await retained(bus, topic)).toBe(300 - slow.seen.length);
      expect(await retained(bus, topic)).toBeGreaterThan(290);

      slowGate.open();
      await waitFor(async () => (await slow.consumer.lag()).total, {
        until: (lag) => lag === 0,
        what: "the slow group committed everything",
      });
      expect(await retained(bus, topic)).toBe(0);
      expect(slow.seen).toHaveLength(300);

      // Consumed messages keep their offsets: new ones continue the numbering.
      await publish(bus, topic, 30, "later");
      await waitFor(() => [fast.seen.length, slow.seen.length], {
        until: (counts) => counts.every((n) => n === 330),
        what: "both groups consumed the later messages (330 each)",
      });
      const offsets = await bus.topicOffsets(topic);
      expect(offsets.reduce((sum, p) => sum + p.endOffset, 0)).toBe(330);
    } finally {
      await bus.close();
    }
  });

  it("keeps what a stopped group has not consumed until it comes back, and what was published before any group subscribed", async () => {
    const { bus, topic } = memoryBus({});
    try {
      await publish(bus, topic, 20, "early");
      expect(await retained(bus, topic)).toBe(20);

      const groupId = uniqueGroup("returning");
      const first = await recorder(bus, topic, groupId);
      await waitFor(async () => (await first.consumer.lag()).total, {
        until: (lag) => lag === 0,
        what: "the early messages were consumed",
      });
      expect(first.seen).toHaveLength(20);
      expect(await retained(bus, topic)).toBe(0);
      await first.consumer.stop();

      await publish(bus, topic, 15, "while-away");
      expect(await retained(bus, topic)).toBe(15);

      const back = await recorder(bus, topic, groupId);
      await waitFor(() => back.seen.length, {
        until: (n) => n === 15,
        what: "the returning group caught up",
      });
      expect(back.seen.every((text) => text.startsWith("while-away-"))).toBe(true);
      await waitFor(async () => await retained(bus, topic), {
        until: (n) => n === 0,
        what: "the log is empty again",
      });
    } finally {
      await bus.close();
    }
  });

  it("caps each partition at maxMessagesPerPartition, dropping the oldest with a rate-limited warning", async () => {
    const { logger, events } = capturingLogger();
    const { bus, topic } = memoryBus({ partitions: 1, maxMessagesPerPartition: 10, logger });
    try {
      await publish(bus, topic, 1_000);
      const [offsets] = await bus.topicOffsets(topic);
      expect(offsets).toEqual({ partition: 0, startOffset: 990, endOffset: 1_000 });
      const drops = events.filter((entry) => entry.event === "events.retention_dropped");
      // 990 drops within well under a second: logged once, not 990 times.
      expect(drops).toHaveLength(1);
      expect(drops[0]).toMatchObject({ topic, partition: 0, maxMessagesPerPartition: 10 });

      const reader = await recorder(bus, topic, uniqueGroup("late"));
      await waitFor(() => reader.seen.length, {
        until: (n) => n === 10,
        what: "the retained messages were read",
      });
      expect(reader.seen).toEqual(Array.from({ length: 10 }, (_, i) => `m-${990 + i}`));
    } finally {
      await bus.close();
    }
  });

  it("lets a group lagging beyond the cap lose what fell out and go on from the oldest message kept", async () => {
    const { logger, events } = capturingLogger();
    const { bus, topic } = memoryBus({ partitions: 1, maxMessagesPerPartition: 10, logger });
    try {
      const groupId = uniqueGroup("lagging");
      const stuck = gate();
      let entered!: () => void;
      const inHandler = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const seen: string[] = [];
      const lagging = await bus.consume({
        ...fastRetries,
        groupId,
        topics: [topic],
        handler: async (message) => {
          entered();
          await stuck.wait;
          seen.push(textOf(message));
        },
      });
      await publish(bus, topic, 1, "first");
      await inHandler;
      await publish(bus, topic, 100);
      const drop = events.find((entry) => entry.event === "events.retention_dropped");
      expect(drop?.lostByGroups).toEqual([groupId]);

      stuck.open();
      await waitFor(async () => (await lagging.lag()).total, {
        until: (lag) => lag === 0,
        what: "the group caught up",
      });
      // first-0 was in its handler while m-0..m-89 fell out; then it went on at the oldest kept.
      expect(seen).toEqual(["first-0", ...Array.from({ length: 10 }, (_, i) => `m-${90 + i}`)]);
      expect(await retained(bus, topic)).toBe(0);
    } finally {
      await bus.close();
    }
  });

  it("stays bounded while a group keeps up with a long stream", async () => {
    const { bus, topic } = memoryBus({ maxMessagesPerPartition: 1_000 });
    try {
      const reader = await recorder(bus, topic, uniqueGroup("steady"));
      const producer = bus.producer({ lingerMs: 1 });
      let peak = 0;
      for (let round = 0; round < 20; round++) {
        for (let i = 0; i < 500; i++) await producer.send(topic, textMessage(`key-${i}`, `r${round}-${i}`));
        await producer.flush();
        peak = Math.max(peak, await retained(bus, topic));
        await waitFor(() => reader.seen.length, {
          until: (n) => n === (round + 1) * 500,
          what: "the round was consumed",
        });
      }
      await waitFor(async () => (await reader.consumer.lag()).total, {
        until: (lag) => lag === 0,
        what: "everything was committed",
      });
      expect(peak).toBeLessThanOrEqual(500);
      expect(await retained(bus, topic)).toBe(0);
      await producer.close();
    } finally {
      await bus.close();
    }
  });

  it("refuses a retention below one message", () => {
    expect(() =>
      createEventBus({ clientId: "retention-test", memoryRetention: { maxMessagesPerPartition: 0 } }),
    ).toThrow(RangeError);
  });
});
