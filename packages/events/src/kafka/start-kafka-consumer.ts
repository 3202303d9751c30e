import { AppError } from "@kurz/errors";
import type { Admin, ConsumerRunConfig, Kafka } from "kafkajs";
import { deadLetterMessage } from "../dead-letter-message";
import type { KafkaTuning } from "../event-bus";
import {
  type ConsumerGroupOptions,
  type ConsumerLag,
  consumeDefaults,
  type Delivery,
  type EventConsumer,
} from "../event-consumer";
import type { EventLogger } from "../event-logger";
import type { EventMessage, ReceivedMessage } from "../event-message";
import { handleBatchWithRetry } from "../handle-batch-with-retry";
import { handleWithRetry } from "../handle-with-retry";
import { deadLetterTopic } from "../topics";
import { toReceivedMessage } from "./to-received-message";

export interface KafkaConsumerDeps {
  kafka: Kafka;
  tuning: KafkaTuning;
  logger: EventLogger;
  admin(): Promise<Admin>;
  /** Awaited write to a dead-letter topic (not through a buffered producer: it must be durable first). */
  publishDeadLetter(topic: string, message: EventMessage): Promise<void>;
}

function waitFor(promise: Promise<void>, timeoutMs: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One kafkajs group member. Offsets are committed by hand after the handler succeeded or the
 * message was dead-lettered, per message or per batch: a crash redelivers at most the message or
 * batch in flight.
 */
export async function startKafkaConsumer(
  deps: KafkaConsumerDeps,
  options: ConsumerGroupOptions,
  delivery: Delivery,
): Promise<EventConsumer> {
  const { tuning, logger } = deps;
  const settings = { ...consumeDefaults, ...options };
  const { groupId } = settings;
  const stopping = new AbortController();
  const crashed = new AbortController();
  const consumer = deps.kafka.consumer({
    groupId,
    sessionTimeout: tuning.sessionTimeoutMs,
    heartbeatInterval: tuning.heartbeatIntervalMs,
    rebalanceTimeout: tuning.rebalanceTimeoutMs,
    maxWaitTimeInMs: tuning.maxWaitTimeMs,
    metadataMaxAge: tuning.metadataMaxAgeMs,
    allowAutoTopicCreation: false,
  });

  /** Rejoins after crashes kafkajs does not restart from (see the CRASH listener). */
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let run: ConsumerRunConfig | undefined;
  let markJoined!: () => void;
  const joined = new Promise<void>((resolve) => {
    markJoined = resolve;
  });
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    logger.info({
      event: "events.group_joined",
      groupId,
      memberId: payload.memberId,
      leader: payload.isLeader,
      assignment: payload.memberAssignment,
    });
    restarts = 0;
    markJoined();
  });
  // kafkajs restarts a crashed consumer only after a retriable error; after any other (e.g. the
  // coordinator refusing a SyncGroup in the middle of a rebalance) it disconnects and stays
  // stopped, and the service would stop consuming without failing. Such a member rejoins here,
  // with a growing delay, until it is stopped.
  const rejoin = () => {
    if (stopping.signal.aborted || run === undefined) return;
    const delayMs = Math.min(tuning.clientRetryMaxMs, tuning.clientRetryInitialMs * 2 ** restarts++);
    restartTimer = setTimeout(async () => {
      if (stopping.signal.aborted || run === undefined) return;
      try {
        await consumer.connect();
        await consumer.run(run);
      } catch (error) {
        logger.error({ event: "events.consumer_rejoin_failed", groupId, error: String(error) });
        rejoin();
      }
    }, delayMs);
  };
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    const restartedByUs = !payload.restart && !stopping.signal.aborted;
    logger.error({
      event: "events.consumer_restarting",
      groupId,
      error: payload.error.message,
      restart: payload.restart || restartedByUs,
      ...(restartedByUs ? { retriable: false } : {}),
    });
    if (restartedByUs) rejoin();
  });

  try {
    await consumer.connect();
    await consumer.subscribe({ topics: settings.topics, fromBeginning: settings.fromBeginning });
    const retry = {
      groupId,
      maxAttempts: settings.maxAttempts,
      retryBackoff: settings.retryBackoff,
      deadLetter: (failed: Omit<ReceivedMessage, "attempt">, error: unknown, attempts: number) =>
        deps.publishDeadLetter(
          deadLetterTopic(failed.topic),
          deadLetterMessage(failed, error, attempts, groupId),
        ),
      stopping: stopping.signal,
      crashed: crashed.signal,
      logger,
    };
    run = {
      autoCommit: false,
      partitionsConsumedConcurrently: settings.concurrency,
    };
    if (delivery.kind === "message") {
      run.eachMessage = async ({ topic, partition, message, heartbeat }) => {
        // kafkajs may hand over one more message between stop() and its own halt.
        if (stopping.signal.aborted) return;
        const received = toReceivedMessage(topic, partition, message);
        const outcome = await handleWithRetry({
          ...retry,
          message: received,
          handler: delivery.handler,
          heartbeat,
        });
        if (outcome === "abandoned" || crashed.signal.aborted) return;
        // A failed commit (rebalance, outage) throws into kafkajs, which rejoins and refetches
        // from the last commit: the message comes again, as at-least-once allows.
        await consumer.commitOffsets([{ topic, partition, offset: String(received.offset + 1) }]);
      };
    } else {
      // Offsets are resolved by hand: kafkajs then fetches again from the last resolved offset,
      // so a batch left unfinished (stop, crash, stale after a rebalance) is not skipped.
      run.eachBatchAutoResolve = false;
      run.eachBatch = async ({
        batch,
        resolveOffset,
        commitOffsetsIfNecessary,
        heartbeat,
        isRunning,
        isStale,
      }) => {
        const { topic, partition } = batch;
        const received = batch.messages.map((message) => toReceivedMessage(topic, partition, message));
        // The partition's end as of the fetch. kafkajs fetches a partition again only once this
        // batch is handled, and a fetch may hold far fewer messages than wait (the librdkafka
        // mock answers one record batch per partition, often a single message): a handler that
        // waits for company on every batch then drains a backlog at one wait per round. The
        // backlog flag tells it not to wait.
        const highWatermark = Number(batch.highWatermark);
        for (let from = 0; from < received.length; from += delivery.maxMessages) {
          if (stopping.signal.aborted || !isRunning() || isStale()) return;
          const messages = received.slice(from, from + delivery.maxMessages);
          const nextOffset = (messages.at(-1)?.offset ?? 0) + 1;
          const outcome = await handleBatchWithRetry({
            ...retry,
            messages,
            backlog: nextOffset < highWatermark,
            handleBatch: delivery.handleBatch,
            handler: delivery.handler,
            heartbeat,
            commit: async (nextOffset) => {
              resolveOffset(String(nextOffset - 1));
              await commitOffsetsIfNecessary({
                topics: [{ topic, partitions: [{ partition, offset: String(nextOffset) }] }],
              });
            },
          });
          if (outcome === "abandoned" || crashed.signal.aborted) return;
          await heartbeat();
        }
      };
    }
    await consumer.run(run);
    await waitFor(joined, tuning.joinTimeoutMs, "Joining the consumer group");
  } catch (error) {
    await consumer.disconnect().catch(() => {});
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "Kafka consumer could not join its group",
      details: { groupId },
      cause: error,
    });
  }

  let halted: Promise<void> | undefined;
  function halt(crash: boolean): Promise<void> {
    if (crash) crashed.abort();
    stopping.abort();
    clearTimeout(restartTimer);
    halted ??= consumer.disconnect().then(() => {
      logger.info({ event: crash ? "events.consumer_crashed" : "events.consumer_stopped", groupId });
    });
    return halted;
  }

  async function lag(): Promise<ConsumerLag> {
    const admin = await deps.admin();
    const committed = await admin.fetchOffsets({ groupId, topics: settings.topics });
    const partitions = [];
    for (const topic of settings.topics) {
      const ends = await admin.fetchTopicOffsets(topic);
      const groupOffsets = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
      for (const end of ends) {
        const raw = groupOffsets.find((p) => p.partition === end.partition)?.offset ?? "-1";
        const committedOffset = Number(raw) >= 0 ? Number(raw) : null;
        const endOffset = Number(end.high);
        const lagOf = endOffset - (committedOffset ?? Number(end.low));
        partitions.push({
          topic,
          partition: end.partition,
          committedOffset,
          endOffset,
          lag: Math.max(0, lagOf),
        });
      }
    }
    return { total: partitions.reduce((sum, p) => sum + p.lag, 0), partitions };
  }

  return { groupId, stop: () => halt(false), crash: () => halt(true), lag };
}
