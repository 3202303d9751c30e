import { AppError } from "@kurz/errors";
import { assertConsumableTopics } from "../assert-consumable-topics";
import { createBufferedProducer, type EventProducer } from "../buffered-producer";
import type { EventBus, MemoryRetentionOptions } from "../event-bus";
import {
  batchDelivery,
  type ConsumerGroupOptions,
  type Delivery,
  type EventConsumer,
  messageDelivery,
} from "../event-consumer";
import type { EventLogger } from "../event-logger";
import { MemoryGroup } from "./memory-group";
import { MemoryLog } from "./memory-log";
import { startMemoryConsumer } from "./start-memory-consumer";

/**
 * The embedded bus: Kafka's semantics the code relies on, in one process, nothing persisted.
 * Memory is bounded by the log's retention (see MemoryLog).
 */
export function createMemoryEventBus(options: {
  topics: readonly string[];
  partitions: number;
  retention: MemoryRetentionOptions;
  logger: EventLogger;
}): EventBus {
  const { logger } = options;
  const log = new MemoryLog(options.topics, options.partitions, options.retention, logger);
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

  function start(consumeOptions: ConsumerGroupOptions, delivery: Delivery): EventConsumer {
    assertConsumableTopics(consumeOptions.topics, options.topics);
    const consumer = startMemoryConsumer(
      { log, group: groupOf(consumeOptions.groupId), logger },
      consumeOptions,
      delivery,
    );
    consumers.add(consumer);
    return consumer;
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
        { lingerMs: 0, ...producerOptions },
      );
      producers.add(producer);
      return producer;
    },
    async consume(consumeOptions) {
      return start(consumeOptions, messageDelivery(consumeOptions));
    },
    async consumeBatches(consumeOptions) {
      return start(consumeOptions, batchDelivery(consumeOptions));
    },
    async topicOffsets(topic) {
      if (!log.hasTopic(topic)) {
        throw new AppError("VALIDATION_ERROR", {
          message: `Unknown event topic ${topic}`,
          details: { topic },
        });
      }
      return Array.from({ length: log.partitionCount(topic) }, (_, partition) => ({
        partition,
        startOffset: log.startOffset(topic, partition),
        endOffset: log.endOffset(topic, partition),
      }));
    },
    async ping() {},
    async close() {
      await Promise.allSettled([...producers].map((producer) => producer.close()));
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      consumers.clear();
    },
  };
}
