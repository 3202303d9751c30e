/**
 * Deliveries per second through the dispatcher against a plain HTTP POST loop to the same local
 * receiver, in one run (target ≥ 0.5×):
 *
 * - baseline: undici POSTs of the same signed-size body, BENCH_CONCURRENCY at a time, keep-alive;
 * - dispatcher: the same number of messages queued in the outbox as the event consumer queues them
 *   (a transaction per 100; what the worker has room for is claimed for it as it is written, the
 *   rest claimed later) and attempted by the delivery worker — sign, POST, log each attempt — with
 *   the same concurrency for the one endpoint — on PostgreSQL (a database of its own on the
 *   server scripts/start-backends.sh runs, as deployed: the target), then on PGlite (embedded).
 *
 * Rounds alternate the two loops and the median ratio is reported; each line also shows this
 * process's CPU time per message (the receiver runs in it too).
 *
 *   pnpm --filter @kurz/webhook-dispatcher bench       (make bench-webhooks)
 *
 * BENCH_MESSAGES (default 10 000: a few seconds, past the warm-up of claims sized by pace),
 * BENCH_CONCURRENCY (default 4: WEBHOOK_ENDPOINT_CONCURRENCY), BENCH_ROUNDS (default 3, PostgreSQL).
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { systemClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { createDatabase } from "@kurz/relational";
import { parseAllowedTargets } from "@kurz/ssrf";
import {
  createTestDatabase,
  postgresBackend,
  startWebhookReceiver,
  type WebhookReceiver,
} from "@kurz/testing";
import { sql } from "drizzle-orm";
import { request } from "undici";
import * as schema from "../src/db/schema";
import type { WebhookDatabase } from "../src/db/webhook-database";
import { createDeliveryWorker, type DeliveryWorker } from "../src/deliveries/create-delivery-worker";
import { queueMessages } from "../src/deliveries/queue-messages";
import { workerHooks } from "../src/deliveries/worker-hooks";
import { createWebhook } from "../src/endpoints/create-webhook";
import { accountSubscriptions } from "../src/events/account-subscriptions";
import { checkWebhookUrl } from "../src/outbound/check-webhook-url";
import { createWebhookAgent } from "../src/outbound/create-webhook-agent";
import { postWebhook } from "../src/outbound/post-webhook";
import { rememberOpenedSecrets } from "../src/signing/remember-opened-secrets";
import { createSecretBox } from "../src/signing/secret-box";
import type { WebhookContext } from "../src/webhook-context";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MIGRATIONS = fileURLToPath(new URL("../drizzle", import.meta.url));
const print = (text: string) => process.stdout.write(`${text}\n`);

const body = (i: number) =>
  JSON.stringify({
    type: "link.clicked",
    timestamp: new Date().toISOString(),
    data: { click_id: randomBytes(16).toString("hex"), n: i, padding: "x".repeat(400) },
  });

async function baseline(url: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        const answer = await request(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: body(i),
        });
        await answer.body.dump();
      }
    }),
  );
  return MESSAGES / ((performance.now() - started) / 1000);
}

async function throughDispatcher(
  url: string,
  receiver: WebhookReceiver,
  databaseUrl?: string,
): Promise<number> {
  const connection = await createDatabase({ schema, ...(databaseUrl ? { url: databaseUrl } : {}) });
  await connection.migrate(MIGRATIONS);
  const db = connection.db as unknown as WebhookDatabase;
  // Every run starts from empty tables: a bench database keeps nothing worth measuring against.
  await db.execute(sql`truncate webhook_attempts, webhook_deliveries, webhook_messages, webhook_endpoints`);
  const allowedTargets = parseAllowedTargets("127.0.0.1/32");
  const agent = createWebhookAgent({ allowedTargets });
  let worker: DeliveryWorker | undefined;
  const ctx: WebhookContext = {
    db,
    allowances: async () => ({ planId: "business", included: true, limit: 10, retentionDays: 730 }),
    secrets: rememberOpenedSecrets(createSecretBox(randomBytes(32))),
    checkUrl: (candidate) => checkWebhookUrl(candidate, { allowedTargets }),
    logger: createLogger({ service: "webhook-bench", level: "silent" }),
    clock: systemClock,
    eventsWritten: () => undefined,
    ...workerHooks(() => worker),
    subscriptions: accountSubscriptions(db, systemClock),
  };
  const account = `bench-${randomBytes(4).toString("hex")}`;
  await createWebhook(ctx, account, {
    url,
    description: "",
    event_types: ["link.clicked"],
    link_ids: [],
    enabled: true,
  });
  worker = createDeliveryWorker(
    { ctx, post: (req) => postWebhook(req, { agent, allowedTargets, timeoutMs: 15_000 }) },
    { pollIntervalMs: 50, concurrency: 32, perEndpoint: CONCURRENCY },
  );
  const before = receiver.requests();
  const started = performance.now();
  worker.start();
  // As the event consumer does: a batch of events (up to 100) in one transaction, the deliveries
  // the worker has room for claimed for it as they are written.
  for (let i = 0; i < MESSAGES; i += 100) {
    const batch = Array.from({ length: Math.min(100, MESSAGES - i) }, (_, k) => ({
      accountId: account,
      eventType: "link.clicked",
      body: body(i + k),
    }));
    await queueMessages(ctx, batch);
  }
  while (receiver.requests() - before < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 5));
  const rate = MESSAGES / ((performance.now() - started) / 1000);
  await worker.stop();
  await agent.close();
  await connection.close();
  return rate;
}

interface Measured {
  rate: number;
  /** This process's CPU time per message (µs): the client, the receiver and, dispatching, the worker. */
  cpuMicros: number;
}

async function measure(run: () => Promise<number>): Promise<Measured> {
  const before = process.cpuUsage();
  const rate = await run();
  const used = process.cpuUsage(before);
  return { rate, cpuMicros: (used.user + used.system) / MESSAGES };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const postgres = await postgresBackend();
const database = postgres.available
  ? await createTestDatabase(postgres.value.adminUrl, "kurz_bench_webhook_delivery")
  : undefined;
// PostgreSQL is what a deployment runs (the target is measured there); PGlite is embedded mode.
const stores = [
  ...(database ? [{ name: "PostgreSQL", url: database.url, rounds: ROUNDS }] : []),
  { name: "PGlite (embedded)", url: undefined, rounds: 1 },
];
const receiver = await startWebhookReceiver();
try {
  await baseline(receiver.url); // warm-up: JIT and the receiver's sockets
  print(`webhook delivery (${new Date().toISOString()}), ${MESSAGES} messages, ${CONCURRENCY} at a time`);
  for (const store of stores) {
    // Warm-up of the dispatcher's path too (JIT, connections), as the plain loop had.
    await throughDispatcher(receiver.url, receiver, store.url);
    // Rounds alternate the two so that a machine slowing down mid-run weighs on both alike.
    const ratios: number[] = [];
    for (let round = 1; round <= store.rounds; round++) {
      const plain = await measure(() => baseline(receiver.url));
      const dispatched = await measure(() => throughDispatcher(receiver.url, receiver, store.url));
      ratios.push(dispatched.rate / plain.rate);
      print(
        `${store.name} round ${round}: plain POST loop ${plain.rate.toFixed(0).padStart(6)} requests/s ` +
          `(${plain.cpuMicros.toFixed(0)} µs CPU each) · dispatcher ${dispatched.rate.toFixed(0).padStart(6)} deliveries/s ` +
          `(${dispatched.cpuMicros.toFixed(0)} µs CPU each) · ${(dispatched.rate / plain.rate).toFixed(2)}×`,
      );
    }
    print(
      `${store.name}: dispatcher / plain ${median(ratios).toFixed(2)}× (median of ${ratios.length}; target ≥ 0.5×)`,
    );
  }
} finally {
  await receiver.close();
  await database?.drop();
}
