import { defaultMemoryRetention, type EventBus, type EventBusOptions } from "./event-bus";
import { silentLogger } from "./event-logger";
import { createKafkaEventBus, defaultKafkaTuning } from "./kafka/create-kafka-event-bus";
import { createMemoryEventBus } from "./memory/create-memory-event-bus";
import { allTopics } from "./topics";

/** Kafka when brokers are configured, the in-process bus otherwise: configuration alone decides. */
export function createEventBus(options: EventBusOptions): EventBus {
  const topics = options.topics ?? allTopics();
  const logger = options.logger ?? silentLogger;
  const brokers = (options.brokers ?? []).map((broker) => broker.trim()).filter((broker) => broker !== "");
  if (brokers.length > 0) {
    return createKafkaEventBus({
      brokers,
      clientId: options.clientId,
      topics,
      logger,
      tuning: { ...defaultKafkaTuning, ...options.kafka },
    });
  }
  const retention = { ...defaultMemoryRetention, ...options.memoryRetention };
  if (!(retention.maxMessagesPerPartition >= 1)) {
    throw new RangeError(
      `memoryRetention.maxMessagesPerPartition must be at least 1, got ${retention.maxMessagesPerPartition}`,
    );
  }
  return createMemoryEventBus({ topics, partitions: options.partitions ?? 3, retention, logger });
}
