/**
 * link-api with its import worker and outbox relay started, alone in this process so the import
 * bench (run-import-bench.ts, which forks it) weighs link-api and not the client uploading to it.
 * Takes the database from BENCH_DATABASE_URL; sends `{ url, authorization }` for BENCH_ACCOUNT
 * once listening; closes on the message "stop".
 */
import { createEventBus, type EventBus } from "@kurz/events";
import { startTestLinkApi } from "../test/support/start-test-link-api";

/**
 * The in-process bus, minus the test harness' recording consumer (it keeps every decoded event:
 * 100,000 of them would be counted as link-api's memory). The outbox relay still publishes each
 * link.created; the bus keeps a short log, as a remote broker would hold it out of the process.
 */
function busWithoutRecorder(): EventBus {
  const bus = createEventBus({
    clientId: "link-api-bench",
    memoryRetention: { maxMessagesPerPartition: 1_000 },
  });
  return {
    kind: bus.kind,
    topics: bus.topics,
    producer: (options) => bus.producer(options),
    consumeBatches: (options) => bus.consumeBatches(options),
    topicOffsets: (topic) => bus.topicOffsets(topic),
    ping: () => bus.ping(),
    close: () => bus.close(),
    consume: async (options) =>
      options.groupId.startsWith("link-api-test-")
        ? {
            groupId: options.groupId,
            stop: async () => {},
            crash: async () => {},
            lag: async () => ({ total: 0, partitions: [] }),
          }
        : bus.consume(options),
  } as EventBus;
}

const databaseUrl = process.env.BENCH_DATABASE_URL;
const account = process.env.BENCH_ACCOUNT;
if (!databaseUrl || !account || !process.send) throw new Error("forked by run-import-bench.ts only");

const bus = busWithoutRecorder();
const api = await startTestLinkApi({
  databaseUrl,
  bus,
  startImportWorker: true,
  imports: { maxBytes: 200 * 1024 * 1024, pollIntervalMs: 1_000 },
});
// BENCH_IMPORT_TRACE=1: what link-api's memory was made of at its peak RSS (V8 heap, buffers).
let peak: NodeJS.MemoryUsage | undefined;
if (process.env.BENCH_IMPORT_TRACE) {
  setInterval(() => {
    const usage = process.memoryUsage();
    if (!peak || usage.rss > peak.rss) peak = usage;
  }, 50).unref();
}
const url = await api.http.listen({ host: "127.0.0.1", port: 0 });
const { authorization } = await api.auth(account);
process.on("message", async (message) => {
  if (message !== "stop") return;
  if (peak) process.stderr.write(`link-api at its peak RSS: ${JSON.stringify(peak)}\n`);
  await api.close();
  await bus.close();
  process.disconnect();
});
process.send({ url, authorization });
