import type { EventMessage } from "../event-message";
import { partitionForKey } from "../partition-for-key";

export interface StoredMessage extends EventMessage {
  topic: string;
  partition: number;
  offset: number;
}

interface MemoryPartition {
  messages: StoredMessage[];
  waiters: Set<() => void>;
}

/** The in-process stand-in for the brokers' logs: append-only partitions per topic. */
export class MemoryLog {
  private readonly topics = new Map<string, MemoryPartition[]>();

  constructor(topics: readonly string[], partitionCount: number) {
    for (const topic of topics) {
      this.topics.set(
        topic,
        Array.from({ length: partitionCount }, () => ({ messages: [], waiters: new Set<() => void>() })),
      );
    }
  }

  hasTopic(topic: string): boolean {
    return this.topics.has(topic);
  }

  partitionCount(topic: string): number {
    return this.partitionsOf(topic).length;
  }

  append(topic: string, message: EventMessage): StoredMessage {
    const partitions = this.partitionsOf(topic);
    const partition = partitionForKey(message.key, partitions.length);
    const log = partitions[partition]!;
    const stored = { ...message, topic, partition, offset: log.messages.length };
    log.messages.push(stored);
    for (const wake of log.waiters) wake();
    log.waiters.clear();
    return stored;
  }

  read(topic: string, partition: number, offset: number): StoredMessage | undefined {
    return this.partitionOf(topic, partition).messages[offset];
  }

  endOffset(topic: string, partition: number): number {
    return this.partitionOf(topic, partition).messages.length;
  }

  /** Resolves when the partition grows past `offset` or the signal aborts. */
  waitForMessage(topic: string, partition: number, offset: number, signal: AbortSignal): Promise<void> {
    const log = this.partitionOf(topic, partition);
    if (log.messages.length > offset || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        log.waiters.delete(wake);
        resolve();
      };
      log.waiters.add(wake);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  private partitionsOf(topic: string): MemoryPartition[] {
    const partitions = this.topics.get(topic);
    if (!partitions) throw new Error(`Unknown topic ${topic}`);
    return partitions;
  }

  private partitionOf(topic: string, partition: number): MemoryPartition {
    const log = this.partitionsOf(topic)[partition];
    if (!log) throw new Error(`Unknown partition ${topic}[${partition}]`);
    return log;
  }
}
