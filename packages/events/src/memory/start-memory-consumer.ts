import { deadLetterMessage } from "../dead-letter-message";
import {
  type ConsumeOptions,
  type ConsumerLag,
  consumeDefaults,
  type EventConsumer,
} from "../event-consumer";
import type { EventLogger } from "../event-logger";
import { handleWithRetry } from "../handle-with-retry";
import { deadLetterTopic } from "../topics";
import type { GroupMember, MemoryGroup, TopicPartition } from "./memory-group";
import { partitionKey } from "./memory-group";
import type { MemoryLog, StoredMessage } from "./memory-log";

interface Worker {
  stopping: AbortController;
  done: Promise<void>;
}

/**
 * One in-process group member: a loop per assigned partition that hands each message to the
 * handler and commits after it succeeded or was dead-lettered.
 */
export function startMemoryConsumer(
  deps: { log: MemoryLog; group: MemoryGroup; logger: EventLogger },
  options: ConsumeOptions,
): EventConsumer {
  const { log, group, logger } = deps;
  const settings = { ...consumeDefaults, ...options };
  const workers = new Map<string, Worker>();
  const draining = new Set<Promise<void>>();
  const crashed = new AbortController();
  let state: "running" | "stopped" | "crashed" = "running";

  function received(stored: StoredMessage) {
    return {
      key: stored.key,
      value: stored.value,
      headers: { ...stored.headers },
      topic: stored.topic,
      partition: stored.partition,
      offset: stored.offset,
    };
  }

  async function work(tp: TopicPartition, stopping: AbortSignal): Promise<void> {
    const release = await group.takeTurn(tp);
    try {
      let position =
        group.committedOffset(tp) ?? (settings.fromBeginning ? 0 : log.endOffset(tp.topic, tp.partition));
      while (!stopping.aborted) {
        const stored = log.read(tp.topic, tp.partition, position);
        if (!stored) {
          await log.waitForMessage(tp.topic, tp.partition, position, stopping);
          continue;
        }
        const outcome = await handleWithRetry({
          message: received(stored),
          handler: settings.handler,
          groupId: settings.groupId,
          maxAttempts: settings.maxAttempts,
          retryBackoff: settings.retryBackoff,
          deadLetter: async (message, error, attempts) => {
            log.append(
              deadLetterTopic(message.topic),
              deadLetterMessage(message, error, attempts, settings.groupId),
            );
          },
          stopping,
          crashed: crashed.signal,
          logger,
        });
        if (outcome === "abandoned" || crashed.signal.aborted) return;
        group.commit(tp, stored.offset + 1);
        position = stored.offset + 1;
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
        return { topic, partition, committedOffset, endOffset, lag: endOffset - (committedOffset ?? 0) };
      }),
    );
    return { total: partitions.reduce((sum, p) => sum + p.lag, 0), partitions };
  }

  group.join(member);
  return { groupId: settings.groupId, stop: () => halt("stopped"), crash: () => halt("crashed"), lag };
}
