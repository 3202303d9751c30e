import type { BackoffOptions } from "./backoff-delay";
import type { BatchHandler, MessageHandler } from "./event-message";

/** What every consumer, one message at a time or in batches, is configured with. */
export interface ConsumerGroupOptions {
  /** Consumer group; by convention the service name. Each group gets every message. */
  groupId: string;
  topics: string[];
  /** Handler attempts (of a message, or of a batch) before giving up on it. Default 5. */
  maxAttempts?: number;
  /** Backoff between handler attempts. Default 200 ms .. 10 s. */
  retryBackoff?: BackoffOptions;
  /** Where a group without committed offsets starts: earliest (true, default) or latest. */
  fromBeginning?: boolean;
  /** Kafka only: partitions handled in parallel by this member. Default 1. In-process: all. */
  concurrency?: number;
}

export interface ConsumeOptions extends ConsumerGroupOptions {
  /** Called once per message, in order per partition (so per key). Throw to have it retried. */
  handler: MessageHandler;
}

export interface BatchOptions {
  /** Most messages handed to one `handleBatch` call. */
  maxMessages: number;
  /**
   * Longest a batch short of `maxMessages` is held back to collect more. In-process: waited after
   * the batch's first message (default 0: what is there). Kafka: a batch is what one fetch brought
   * for the partition (the broker's long-poll, `KafkaTuning.maxWaitTimeMs`, does the collecting).
   */
  maxWaitMs?: number;
}

export interface BatchConsumeOptions extends ConsumerGroupOptions {
  batch: BatchOptions;
  /**
   * Called with consecutive messages of one partition, in order (so per key), batches of a
   * partition one after the other. The offsets are committed only once it resolved. Throw to
   * have the batch retried (`maxAttempts`, `retryBackoff`); after that its messages are handled
   * one by one, each with its own retries and dead-lettering, so one poison message cannot hold
   * back the others.
   */
  handleBatch: BatchHandler;
  /**
   * Handles one message in that one-by-one phase. Default: `handleBatch([message])`. Worth giving
   * when a batch of one is costly for `handleBatch` (it waits for company, say).
   */
  handler?: MessageHandler;
}

export interface PartitionLag {
  topic: string;
  partition: number;
  /** Next offset the group will read; null when it has committed nothing yet. */
  committedOffset: number | null;
  /** Offset the next produced message will get. */
  endOffset: number;
  lag: number;
}

export interface ConsumerLag {
  total: number;
  partitions: PartitionLag[];
}

/** One member of a consumer group. */
export interface EventConsumer {
  readonly groupId: string;
  /** Finishes the message (or batch) being handled, commits it, leaves the group. */
  stop(): Promise<void>;
  /**
   * Test aid: stops at once without committing the message or batch being handled (its handler
   * keeps running unobserved), as a killed process would. The group redelivers it to another member.
   */
  crash(): Promise<void>;
  /** Messages of the subscribed topics the group has not committed yet. */
  lag(): Promise<ConsumerLag>;
}

export const consumeDefaults = {
  maxAttempts: 5,
  retryBackoff: { initialMs: 200, maxMs: 10_000 },
  fromBeginning: true,
  concurrency: 1,
} as const;

/** How a consumer hands messages over: one at a time, or in batches committed as a whole. */
export type Delivery =
  | { kind: "message"; handler: MessageHandler }
  | {
      kind: "batch";
      maxMessages: number;
      maxWaitMs: number;
      handleBatch: BatchHandler;
      /** The one-by-one phase after a batch kept failing. */
      handler: MessageHandler;
    };

export function messageDelivery(options: ConsumeOptions): Delivery {
  return { kind: "message", handler: options.handler };
}

export function batchDelivery(options: BatchConsumeOptions): Delivery {
  const { handleBatch } = options;
  if (!(options.batch.maxMessages >= 1) || !Number.isInteger(options.batch.maxMessages)) {
    throw new RangeError(`batch.maxMessages must be a positive integer, got ${options.batch.maxMessages}`);
  }
  return {
    kind: "batch",
    maxMessages: options.batch.maxMessages,
    maxWaitMs: Math.max(0, options.batch.maxWaitMs ?? 0),
    handleBatch,
    handler: options.handler ?? ((message) => handleBatch([message], { backlog: false })),
  };
}
