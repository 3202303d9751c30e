import { deadLetterMessage } from "../dead-letter-message";
import {
  type ConsumerGroupOptions,
  type ConsumerLag,
  consumeDefaults,
  type Delivery,
  type EventConsumer,
} from "../event-consumer";
import type { EventLogger } from "../event-logger";
import type { ReceivedMessage } from "../event-message";
import { handleBatchWithRetry } from "../handle-batch-with-retry";
import { handleWithRetry } from "../handle-with-retry";
import { deadLetterTopic } from "../topics";
import type { GroupMember, MemoryGroup, TopicPartition } from "./memory-group";
import { partitionKey } from "./memory-group";
import type { MemoryLog } from "./memory-log";

interface Worker {
  stopping: AbortController;
  done: Promise<void>;
}

/**
 * One in-process group member: a loop per assigned partition that hands each message (or each
 * batch) to the handler and commits after it succeeded or was dead-lettered.
 */
export function startMemoryConsumer(
  deps: { log: MemoryLog; group: MemoryGroup; logger: EventLogger },
  options: ConsumerGroupOptions,
  delivery: Delivery,
): EventConsumer {
  const { log, group, logger } = deps;
  const settings = { ...consumeDefaults, ...options };
  const workers = new Map<string, Worker>();
  const draining = new Set<Promise<void>>();
  const crashed = new AbortController();
  let state: "running" | "stopped" | "crashed" = "running";

  /** Waits (up to maxWaitMs) until the partition holds `count` messages from `offset`. */
  async function collect(
    tp: TopicPartition,
    offset: number,
    count: number,
    maxWaitMs: number,
    stopping: AbortSignal,
  ) {
    if (maxWaitMs <= 0 || log.endOffset(tp.topic, tp.partition) >= offset + count) return;
    const lingering = AbortSignal.any([stopping, AbortSignal.timeout(maxWaitMs)]);
    while (!lingering.aborted && log.endOffset(tp.topic, tp.partition) < offset + count) {
      await log.waitForMessage(tp.topic, tp.partition, log.endOffset(tp.topic, tp.partition), lingering);
    }
  }

  async function work(tp: TopicPartition, stopping: AbortSignal): Promise<void> {
    const release = await group.takeTurn(tp);
    const retry = {
      groupId: settings.groupId,
      maxAttempts: settings.maxAttempts,
      retryBackoff: settings.retryBackoff,
      deadLetter: async (message: Omit<ReceivedMessage, "attempt">, error: unknown, attempts: number) => {
        log.append(
          deadLetterTopic(message.topic),
          deadLetterMessage(message, error, attempts, settings.groupId),
        );
      },
      stopping,
      crashed: crashed.signal,
      logger,
    };
    try {
      let position =
        group.committedOffset(tp) ??
        (settings.fromBeginning
          ? log.startOffset(tp.topic, tp.partition)
          : log.endOffset(tp.topic, tp.partition));
      while (!stopping.aborted) {
        // Retention dropped what this group had not read yet (it lagged beyond the cap): go on
        // from the oldest message kept, as Kafka's consumers do after their offset fell out.
        position = Math.max(position, log.startOffset(tp.topic, tp.partition));
        if (log.endOffset(tp.topic, tp.partition) <= position) {
          await log.waitForMessage(tp.topic, tp.partition, position, stopping);
          continue;
        }
        if (delivery.kind === "message") {
          const stored = log.read(tp.topic, tp.partition, position)!;
          const outcome = await handleWithRetry({
            ...retry,
            message: stored,
            handler: delivery.handler,
          });
          if (outcome === "abandoned" || crashed.signal.aborted) return;
          group.commit(tp, stored.offset + 1);
          position = stored.offset + 1;
          continue;
        }
        await collect(tp, position, delivery.maxMessages, delivery.maxWaitMs, stopping);
        // Stopped while collecting: nothing of this batch was handed over, so nothing to finish.
        if (stopping.aborted) return;
        position = Math.max(position, log.startOffset(tp.topic, tp.partition));
        const batch = log.readRange(tp.topic, tp.partition, position, delivery.maxMessages);
        const outcome = await handleBatchWithRetry({
          ...retry,
          messages: batch,
          handleBatch: delivery.handleBatch,
          backlog: log.endOffset(tp.topic, tp.partition) > position + batch.length,
          handler: delivery.handler,
          commit: async (nextOffset) => {
            group.commit(tp, nextOffset);
            position = nextOffset;
          },
        });
        if (outcome === "abandoned" || crashed.signal.aborted) return;
      }
    } catch (error) {
      logger.error({
        event: "events.consumer_failed",
        groupId: settings.groupId,
        topic: tp.topic,
        partition: tp.partition,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      release();
    }
  }

  function retire(key: string, worker: Worker) {
    worker.stopping.abort();
    workers.delete(key);
    draining.add(worker.done);
    void worker.done.then(() => draining.delete(worker.done));
  }

  const member: GroupMember = {
    topics: settings.topics,
    fromBeginning: settings.fromBeginning,
    assign(partitions) {
      if (state !== "running") return;
      const wanted = new Map(partitions.map((tp) => [partitionKey(tp), tp]));
      for (const [key, worker] of workers) if (!wanted.has(key)) retire(key, worker);
      for (const [key, tp] of wanted) {
        if (workers.has(key)) continue;
        const stopping = new AbortController();
        workers.set(key, { stopping, done: work(tp, stopping.signal) });
      }
    },
  };

  async function halt(next: "stopped" | "crashed"): Promise<void> {
    if (state !== "running") return;
    state = next;
    if (next === "crashed") crashed.abort();
    for (const [key, worker] of workers) retire(key, worker);
    // A crashed member is gone at once; a stopping one keeps its partitions until it committed.
    if (next === "crashed") group.leave(member);
    await Promise.all(draining);
    if (next === "stopped") group.leave(member);
    logger.info({
      event: next === "stopped" ? "events.consumer_stopped" : "events.consumer_crashed",
      groupId: settings.groupId,
    });
  }

  async function lag(): Promise<ConsumerLag> {
    const partitions = settings.topics.flatMap((topic) =>
      Array.from({ length: log.partitionCount(topic) }, (_, partition) => {
        const committedOffset = group.committedOffset({ topic, partition }) ?? null;
        const endOffset = log.endOffset(topic, partition);
        const from = committedOffset ?? log.startOffset(topic, partition);
        return { topic, partition, committedOffset, endOffset, lag: endOffset - from };
      }),
    );
    return { total: partitions.reduce((sum, p) => sum + p.lag, 0), partitions };
  }

  group.join(member);
  return { groupId: settings.groupId, stop: () => halt("stopped"), crash: () => halt("crashed"), lag };
}
