import type { EventProducer, ProducerOptions } from "./buffered-producer";
import type { BatchConsumeOptions, ConsumeOptions, EventConsumer } from "./event-consumer";
import type { EventLogger } from "./event-logger";

/** kafkajs knobs. Defaults suit a real cluster; tests against the mock cluster shorten them. */
export interface KafkaTuning {
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  rebalanceTimeoutMs: number;
  /** Fetch long-poll. The librdkafka mock answers an empty fetch only after this wait. */
  maxWaitTimeMs: number;
  metadataMaxAgeMs: number;
  /** kafkajs' own retries per operation, below the bus' unbounded producer retry loop. */
  clientRetries: number;
  clientRetryInitialMs: number;
  clientRetryMaxMs: number;
  /** How long `consume()` waits for the first group assignment. */
  joinTimeoutMs: number;
  /** How long `ping()` waits for cluster metadata. */
  pingTimeoutMs: number;
}

export interface EventBusOptions {
  /** Kafka bootstrap brokers (host:port). Present and non-empty: Kafka; absent or empty: in-process. */
  brokers?: string[] | undefined;
  clientId: string;
  logger?: EventLogger | undefined;
  /** Topics the bus accepts (and the in-process bus creates). Default `allTopics()`. */
  topics?: readonly string[] | undefined;
  /** In-process only: partitions per topic. Default 3. */
  partitions?: number | undefined;
  /** In-process only: how much of each partition's log is kept. */
  memoryRetention?: Partial<MemoryRetentionOptions> | undefined;
  kafka?: Partial<KafkaTuning> | undefined;
}

export interface MemoryRetentionOptions {
  /**
   * Most messages a partition keeps, consumed or not. Beyond it the oldest are dropped, like
   * Kafka's retention: a group lagging that far behind loses them (`events.retention_dropped`).
   * What every group that ever subscribed to the topic has committed is dropped anyway.
   * Default 100 000.
   */
  maxMessagesPerPartition: number;
}

export const defaultMemoryRetention: MemoryRetentionOptions = { maxMessagesPerPartition: 100_000 };

/** A partition's retained range: offsets in [startOffset, endOffset) can still be read. */
export interface PartitionOffsets {
  partition: number;
  /** The oldest offset still kept (Kafka's log start offset / low watermark). */
  startOffset: number;
  /** The offset the next message will get (the high watermark). */
  endOffset: number;
}

export interface EventBus {
  readonly kind: "kafka" | "memory";
  readonly topics: readonly string[];
  /** A new buffered producer; closed by `close()` if not closed before. */
  producer(options?: ProducerOptions): EventProducer;
  /**
   * Joins `groupId` and starts handling messages. Resolves once this member has its first
   * assignment; rejects with DEPENDENCY_UNAVAILABLE when the cluster cannot be joined and with
   * VALIDATION_ERROR for a topic the bus does not know (or whose `.dlq` it does not know).
   */
  consume(options: ConsumeOptions): Promise<EventConsumer>;
  /**
   * Like `consume`, but hands over batches of consecutive messages of one partition and commits a
   * batch only once its handler resolved (see BatchConsumeOptions).
   */
  consumeBatches(options: BatchConsumeOptions): Promise<EventConsumer>;
  /** The retained range of each partition of a topic; VALIDATION_ERROR for an unknown topic. */
  topicOffsets(topic: string): Promise<PartitionOffsets[]>;
  /** Readiness: resolves when the cluster answers, rejects with DEPENDENCY_UNAVAILABLE. */
  ping(): Promise<void>;
  /** Closes producers (flushing them), stops consumers, disconnects. */
  close(): Promise<void>;
}
