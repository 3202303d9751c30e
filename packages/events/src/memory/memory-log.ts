import type { MemoryRetentionOptions } from "../event-bus";
import type { EventLogger } from "../event-logger";
import type { EventMessage } from "../event-message";
import { partitionForKey } from "../partition-for-key";
import { headersBound, readHeaders, writeHeaders } from "./stored-headers";

export interface StoredMessage extends EventMessage {
  topic: string;
  partition: number;
  offset: number;
}

/** Whoever reads a topic and so decides what must stay in the log: a consumer group. */
export interface LogReader {
  readonly id: string;
  /** The lowest offset of the partition this reader may still need. */
  retainFrom(topic: string, partition: number): number;
}

interface MemoryPartition {
  /**
   * Retained messages, column by column (no object per message: a long log is cheap to hold and
   * to garbage-collect), from `head` on; index `head` has offset `startOffset`. Topic, partition
   * and offset follow from where a message sits. A chunk is freed once its last message is.
   */
  keys: Array<string | undefined>;
  /**
   * Values are copied into shared chunks: a slice of a chunk, not a buffer object per message.
   * Each value's headers follow it in the chunk (headerLengths bytes, encoded by writeHeaders):
   * a click's headers hold its own event id, so keeping them as objects would keep an object
   * and a string per message.
   */
  valueChunks: Array<Buffer | undefined>;
  valueStarts: number[];
  valueLengths: number[];
  headerLengths: number[];
  /** The chunk appends go to, and how much of it is used. */
  chunk: Buffer;
  chunkUsed: number;
  head: number;
  startOffset: number;
  waiters: Set<() => void>;
  droppedSinceLog: number;
  droppedTotal: number;
  lastDropLogAt: number;
}

/** Message values are kept in chunks of this size (a larger value gets a chunk of its own). */
const CHUNK_BYTES = 256 * 1024;
const EMPTY_CHUNK = Buffer.alloc(0);

/** How often `events.retention_dropped` is logged per partition at most. */
const DROP_LOG_INTERVAL_MS = 1_000;
/** Trimmed slots are reclaimed once this many have piled up at the front (and they are half). */
const COMPACT_AFTER = 1_024;

/**
 * The in-process stand-in for the brokers' logs: partitions per topic, addressed by offset like
 * Kafka's. Memory stays bounded: what every reader of a topic has consumed is dropped, and each
 * partition keeps at most `maxMessagesPerPartition` messages (the oldest go, as with Kafka's
 * retention, even when a lagging reader has not read them).
 */
export class MemoryLog {
  private readonly topics = new Map<string, MemoryPartition[]>();
  private readonly readers = new Map<string, LogReader[]>();

  constructor(
    topics: readonly string[],
    partitionCount: number,
    private readonly retention: MemoryRetentionOptions,
    private readonly logger: EventLogger,
  ) {
    for (const topic of topics) {
      this.topics.set(
        topic,
        Array.from({ length: partitionCount }, () => ({
          keys: [],
          valueChunks: [],
          valueStarts: [],
          valueLengths: [],
          headerLengths: [],
          chunk: EMPTY_CHUNK,
          chunkUsed: 0,
          head: 0,
          startOffset: 0,
          waiters: new Set<() => void>(),
          droppedSinceLog: 0,
          droppedTotal: 0,
          lastDropLogAt: 0,
        })),
      );
    }
  }

  hasTopic(topic: string): boolean {
    return this.topics.has(topic);
  }

  partitionCount(topic: string): number {
    return this.partitionsOf(topic).length;
  }

  /** From now on the topic's partitions keep what this reader has not consumed yet. */
  addReader(topic: string, reader: LogReader): void {
    let readers = this.readers.get(topic);
    if (!readers) {
      readers = [];
      this.readers.set(topic, readers);
    }
    if (!readers.includes(reader)) readers.push(reader);
  }

  /** Keeps the key as it is and copies the value and headers into the current chunk (once per click). */
  append(topic: string, message: EventMessage): void {
    const partitions = this.partitionsOf(topic);
    const partition = partitionForKey(message.key, partitions.length);
    const log = partitions[partition]!;
    const { value, headers } = message;
    const room = value.length + headersBound(headers);
    if (log.chunkUsed + room > log.chunk.length) {
      log.chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, room));
      log.chunkUsed = 0;
    }
    log.chunk.set(value, log.chunkUsed);
    const headerLength = writeHeaders(log.chunk, log.chunkUsed + value.length, headers);
    log.keys.push(message.key);
    log.valueChunks.push(log.chunk);
    log.valueStarts.push(log.chunkUsed);
    log.valueLengths.push(value.length);
    log.headerLengths.push(headerLength);
    log.chunkUsed += value.length + headerLength;
    if (endOffsetOf(log) - log.startOffset > this.retention.maxMessagesPerPartition) {
      this.dropOldest(topic, partition, log);
    }
    if (log.waiters.size > 0) {
      for (const wake of log.waiters) wake();
      log.waiters.clear();
    }
  }

  /** The message at `offset`, as a copy a reader may keep and change; undefined when not retained. */
  read(topic: string, partition: number, offset: number): StoredMessage | undefined {
    const log = this.partitionOf(topic, partition);
    if (offset < log.startOffset) return undefined;
    const at = log.head + offset - log.startOffset;
    const key = log.keys[at];
    const chunk = log.valueChunks[at];
    if (key === undefined || chunk === undefined) return undefined;
    const start = log.valueStarts[at]!;
    const end = start + log.valueLengths[at]!;
    const value = chunk.subarray(start, end);
    return {
      key,
      value,
      headers: readHeaders(chunk, end, end + log.headerLengths[at]!),
      topic,
      partition,
      offset,
    };
  }

  /** Up to `max` consecutive messages from `offset`, as read() gives them. */
  readRange(topic: string, partition: number, offset: number, max: number): StoredMessage[] {
    const range: StoredMessage[] = [];
    const end = Math.min(offset + max, this.endOffset(topic, partition));
    for (let at = Math.max(offset, this.startOffset(topic, partition)); at < end; at++) {
      const message = this.read(topic, partition, at);
      if (message) range.push(message);
    }
    return range;
  }

  /** The oldest offset still retained (Kafka's log start offset). */
  startOffset(topic: string, partition: number): number {
    return this.partitionOf(topic, partition).startOffset;
  }

  /** The offset the next appended message will get. */
  endOffset(topic: string, partition: number): number {
    return endOffsetOf(this.partitionOf(topic, partition));
  }

  /** Drops what every reader of the topic is done with; called after a reader committed. */
  release(topic: string, partition: number): void {
    const readers = this.readers.get(topic);
    if (!readers || readers.length === 0) return;
    let floor = Number.POSITIVE_INFINITY;
    for (const reader of readers) floor = Math.min(floor, reader.retainFrom(topic, partition));
    const log = this.partitionOf(topic, partition);
    this.trim(log, Math.min(floor, endOffsetOf(log)) - log.startOffset);
  }

  /** Resolves when the partition grows past `offset` or the signal aborts. */
  waitForMessage(topic: string, partition: number, offset: number, signal: AbortSignal): Promise<void> {
    const log = this.partitionOf(topic, partition);
    if (endOffsetOf(log) > offset || signal.aborted) return Promise.resolve();
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

  private dropOldest(topic: string, partition: number, log: MemoryPartition): void {
    this.trim(log, 1);
    log.droppedSinceLog++;
    log.droppedTotal++;
    const now = Date.now();
    if (now - log.lastDropLogAt < DROP_LOG_INTERVAL_MS) return;
    const losing = (this.readers.get(topic) ?? [])
      .filter((reader) => reader.retainFrom(topic, partition) < log.startOffset)
      .map((reader) => reader.id);
    this.logger.warn({
      event: "events.retention_dropped",
      topic,
      partition,
      dropped: log.droppedSinceLog,
      droppedTotal: log.droppedTotal,
      maxMessagesPerPartition: this.retention.maxMessagesPerPartition,
      startOffset: log.startOffset,
      lostByGroups: losing,
    });
    log.lastDropLogAt = now;
    log.droppedSinceLog = 0;
  }

  private trim(log: MemoryPartition, count: number): void {
    if (count <= 0) return;
    for (let i = log.head; i < log.head + count; i++) {
      log.keys[i] = undefined;
      log.valueChunks[i] = undefined;
    }
    log.head += count;
    log.startOffset += count;
    // Reclaim the front in one copy once it is at least half the array: amortized O(1).
    if (log.head >= COMPACT_AFTER && log.head * 2 >= log.keys.length) {
      log.keys = log.keys.slice(log.head);
      log.valueChunks = log.valueChunks.slice(log.head);
      log.valueStarts = log.valueStarts.slice(log.head);
      log.valueLengths = log.valueLengths.slice(log.head);
      log.headerLengths = log.headerLengths.slice(log.head);
      log.head = 0;
    }
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

function endOffsetOf(log: MemoryPartition): number {
  return log.startOffset + log.keys.length - log.head;
}
