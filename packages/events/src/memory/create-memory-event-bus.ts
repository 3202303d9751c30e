import { assertConsumableTopics } from "../assert-consumable-topics";
import { createBufferedProducer, type EventProducer } from "../buffered-producer";
import type { EventBus } from "../event-bus";
import type { EventConsumer } from "../event-consumer";
import type { EventLogger } from "../event-logger";
import { MemoryGroup } from "./memory-group";
import { MemoryLog } from "./memory-log";
import { startMemoryConsumer } from "./start-memory-consumer";

/** The embedded bus: Kafka's semantics the code relies on, in one process, nothing persisted. */
export function createMemoryEventBus(options: {
  topics: readonly string[];
  partitions: number;
  logger: EventLogger;
}): EventBus {
  const { logger } = options;
  const log = new MemoryLog(options.topics, options.partitions);
  const groups = new Map<string, MemoryGroup>();
  const producers = new Set<EventProducer>();
  const consumers = new Set<EventConsumer>();

  function groupOf(id: string): MemoryGroup {
    let group = groups.get(id);
    if (!group) {
      group = new MemoryGroup(id, log);
      groups.set(id, group);
    }
    return group;
  }

  return {
    kind: "memory",
    topics: options.topics,
    producer(producerOptions) {
      const producer = createBufferedProducer(
        {
          logger,
          acceptsTopic: (topic) => log.hasTopic(topic),
          deliver: async (batch) => {
            for (const { topic, message } of batch) log.append(topic, message);
          },
          disconnect: async () => {
            producers.delete(producer);
          },
        },
        producerOptions,
      );
      producers.add(producer);
      return producer;
    },
    async consume(consumeOptions) {
      assertConsumableTopics(consumeOptions.topics, options.topics);
      const consumer = startMemoryConsumer(
        { log, group: groupOf(consumeOptions.groupId), logger },
        consumeOptions,
      );
      consumers.add(consumer);
      return consumer;
    },
    async ping() {},
    async close() {
      await Promise.allSettled([...producers].map((producer) => producer.close()));
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      consumers.clear();
    },
  };
}
