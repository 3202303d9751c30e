import type { BackoffOptions } from "./backoff-delay";
import type { MessageHandler } from "./event-message";

export interface ConsumeOptions {
  /** Consumer group; by convention the service name. Each group gets every message. */
  groupId: string;
  topics: string[];
  /** Called once per message, in order per partition (so per key). Throw to have it retried. */
  handler: MessageHandler;
  /** Handler attempts before the message goes to `<topic>.dlq`. Default 5. */
  maxAttempts?: number;
  /** Backoff between handler attempts. Default 200 ms .. 10 s. */
  retryBackoff?: BackoffOptions;
  /** Where a group without committed offsets starts: earliest (true, default) or latest. */
  fromBeginning?: boolean;
  /** Kafka only: partitions handled in parallel by this member. Default 1. In-process: all. */
  concurrency?: number;
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
  /** Finishes the message being handled, commits it, leaves the group. */
  stop(): Promise<void>;
  /**
   * Test aid: stops at once without committing the message being handled (its handler keeps
   * running unobserved), as a killed process would. The group redelivers it to another member.
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
