import { AppError } from "@kurz/errors";
import { context, ROOT_CONTEXT } from "@opentelemetry/api";
import { suppressTracing } from "@opentelemetry/core";
import { type Admin, Kafka, logLevel, type Message, Partitioners, type Producer } from "kafkajs";
import { assertConsumableTopics } from "../assert-consumable-topics";
import { createBufferedProducer, type EventProducer, type OutgoingMessage } from "../buffered-producer";
import type { EventBus, KafkaTuning } from "../event-bus";
import {
  batchDelivery,
  type ConsumerGroupOptions,
  type Delivery,
  type EventConsumer,
  messageDelivery,
} from "../event-consumer";
import type { EventLogger } from "../event-logger";
import type { EventMessage } from "../event-message";
import { kafkajsLogCreator } from "./kafkajs-log-creator";
import { startKafkaConsumer } from "./start-kafka-consumer";

export const defaultKafkaTuning: KafkaTuning = {
  connectionTimeoutMs: 3_000,
  requestTimeoutMs: 30_000,
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 3_000,
  rebalanceTimeoutMs: 60_000,
  maxWaitTimeMs: 1_000,
  metadataMaxAgeMs: 300_000,
  clientRetries: 5,
  clientRetryInitialMs: 300,
  clientRetryMaxMs: 5_000,
  joinTimeoutMs: 60_000,
  pingTimeoutMs: 3_000,
};

/**
 * Runs a send with tracing suppressed. Each message already carries the trace context it was
 * published in (encodeEvent, the click publisher); the kafkajs instrumentation would overwrite
 * it with a `send` span of whatever context the producer's background loop happens to run in
 * (the request that started it), cutting every later message off from its producer's trace.
 */
function untraced<T>(send: () => Promise<T>): Promise<T> {
  return context.with(suppressTracing(ROOT_CONTEXT), send);
}

function toKafkaMessage(message: EventMessage): Message {
  const { value } = message;
  return {
    key: message.key,
    value: Buffer.from(value.buffer, value.byteOffset, value.byteLength),
    headers: message.headers,
  };
}

/** One request per batch, grouped by topic; order within a topic (so per partition) is kept. */
function topicMessagesOf(batch: readonly OutgoingMessage[]) {
  const byTopic = new Map<string, Message[]>();
  for (const { topic, message } of batch) {
    let messages = byTopic.get(topic);
    if (!messages) {
      messages = [];
      byTopic.set(topic, messages);
    }
    messages.push(toKafkaMessage(message));
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

interface LazyClient<T> {
  get(): Promise<T>;
  /** Disconnects if a connection was made; never connects. */
  release(): Promise<void>;
}

/** Connects on first use, and again after a failed attempt. */
function lazyClient<T extends { connect(): Promise<void>; disconnect(): Promise<void> }>(
  make: () => T,
): LazyClient<T> {
  let connecting: Promise<T> | undefined;
  return {
    get() {
      connecting ??= (async () => {
        const client = make();
        await client.connect();
        return client;
      })().catch((error: unknown) => {
        connecting = undefined;
        throw error;
      });
      return connecting;
    },
    async release() {
      const pending = connecting;
      connecting = undefined;
      if (!pending) return;
      await pending.then((client) => client.disconnect()).catch(() => {});
    },
  };
}

/**
 * Kafka via kafkajs. Producers are not idempotent: kafkajs' idempotent mode is experimental and
 * the librdkafka mock cluster cannot serve it, so a batch retried after a lost acknowledgement
 * may be written twice. Consumers dedupe by event id (docs/architecture.md#events).
 */
export function createKafkaEventBus(options: {
  brokers: string[];
  clientId: string;
  topics: readonly string[];
  logger: EventLogger;
  tuning: KafkaTuning;
}): EventBus {
  const { logger, tuning, topics } = options;
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: tuning.connectionTimeoutMs,
    requestTimeout: tuning.requestTimeoutMs,
    retry: {
      retries: tuning.clientRetries,
      initialRetryTime: tuning.clientRetryInitialMs,
      maxRetryTime: tuning.clientRetryMaxMs,
    },
    logLevel: logLevel.WARN,
    logCreator: kafkajsLogCreator(logger),
  });
  const rawProducer = () =>
    kafka.producer({
      allowAutoTopicCreation: false,
      // Java client's murmur2 partitioner: the same key lands on the same partition as from
      // any other Kafka client (and as in the in-process bus).
      createPartitioner: Partitioners.DefaultPartitioner,
      maxInFlightRequests: 1,
      metadataMaxAge: tuning.metadataMaxAgeMs,
    });
  const admin = lazyClient<Admin>(() => kafka.admin());
  const deadLetterProducer = lazyClient<Producer>(rawProducer);
  const producers = new Set<EventProducer>();
  const consumers = new Set<EventConsumer>();

  async function start(consumeOptions: ConsumerGroupOptions, delivery: Delivery): Promise<EventConsumer> {
    assertConsumableTopics(consumeOptions.topics, topics);
    const consumer = await startKafkaConsumer(
      {
        kafka,
        tuning,
        logger,
        admin: () => admin.get(),
        publishDeadLetter: async (topic, message) => {
          const connected = await deadLetterProducer.get();
          await untraced(() => connected.send({ topic, acks: -1, messages: [toKafkaMessage(message)] }));
        },
      },
      consumeOptions,
      delivery,
    );
    consumers.add(consumer);
    return consumer;
  }

  return {
    kind: "kafka",
    topics,
    producer(producerOptions) {
      const client = lazyClient<Producer>(rawProducer);
      const producer = createBufferedProducer(
        {
          logger,
          acceptsTopic: (topic) => topics.includes(topic),
          deliver: async (batch) => {
            const connected = await client.get();
            await untraced(() => connected.sendBatch({ acks: -1, topicMessages: topicMessagesOf(batch) }));
          },
          disconnect: async () => {
            producers.delete(producer);
            await client.release();
          },
        },
        producerOptions,
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
      if (!topics.includes(topic)) {
        throw new AppError("VALIDATION_ERROR", {
          message: `Unknown event topic ${topic}`,
          details: { topic },
        });
      }
      try {
        const offsets = await (await admin.get()).fetchTopicOffsets(topic);
        return offsets
          .map((p) => ({ partition: p.partition, startOffset: Number(p.low), endOffset: Number(p.high) }))
          .sort((a, b) => a.partition - b.partition);
      } catch (error) {
        throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "Kafka is unreachable", cause: error });
      }
    },
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          admin.get().then((client) => client.describeCluster()),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("Kafka did not answer in time")), tuning.pingTimeoutMs);
          }),
        ]);
      } catch (error) {
        throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "Kafka is unreachable", cause: error });
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.allSettled([...producers].map((producer) => producer.close()));
      await Promise.allSettled([...consumers].map((consumer) => consumer.stop()));
      consumers.clear();
      await admin.release();
      await deadLetterProducer.release();
    },
  };
}
