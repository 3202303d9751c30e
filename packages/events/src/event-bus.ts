import type { EventProducer, ProducerOptions } from "./buffered-producer";
import type { ConsumeOptions, EventConsumer } from "./event-consumer";
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
  kafka?: Partial<KafkaTuning> | undefined;
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
  /** Readiness: resolves when the cluster answers, rejects with DEPENDENCY_UNAVAILABLE. */
  ping(): Promise<void>;
  /** Closes producers (flushing them), stops consumers, disconnects. */
  close(): Promise<void>;
}
