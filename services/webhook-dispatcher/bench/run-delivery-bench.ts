/**
 * Deliveries per second through the dispatcher against a plain HTTP POST loop to the same local
 * receiver, in one run (target ≥ 0.5×):
 *
 * - baseline: undici POSTs of the same signed-size body, BENCH_CONCURRENCY at a time, keep-alive;
 * - dispatcher: the same number of messages enqueued in the outbox (a transaction per 100, as the
 *   event consumer's batches are) and drained by the delivery worker — claim, sign, POST, log each attempt
 *   — with the same concurrency for the one endpoint, on the embedded database (PGlite) or on
 *   PostgreSQL when DATABASE_URL is set.
 *
 *   pnpm --filter @kurz/webhook-dispatcher bench       (make bench-webhooks)
 *
 * BENCH_MESSAGES (default 10 000: a few seconds, past the warm-up of claims sized by pace), BENCH_CONCURRENCY (default 4: WEBHOOK_ENDPOINT_CONCURRENCY).
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { systemClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { createDatabase } from "@kurz/relational";
import { parseAllowedTargets } from "@kurz/ssrf";
import { startWebhookReceiver, type WebhookReceiver } from "@kurz/testing";
import { sql } from "drizzle-orm";
import { request } from "undici";
import * as schema from "../src/db/schema";
import type { WebhookDatabase } from "../src/db/webhook-database";
import { createDeliveryWorker } from "../src/deliveries/create-delivery-worker";
import { enqueueMessages } from "../src/deliveries/enqueue-message";
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

async function throughDispatcher(url: string, receiver: WebhookReceiver): Promise<number> {
  const connection = await createDatabase({
    schema,
    ...(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {}),
  });
  await connection.migrate(MIGRATIONS);
  const db = connection.db as unknown as WebhookDatabase;
  // Every run starts from empty tables: a bench database keeps nothing worth measuring against.
  await db.execute(sql`truncate webhook_attempts, webhook_deliveries, webhook_messages, webhook_endpoints`);
  const allowedTargets = parseAllowedTargets("127.0.0.1/32");
  const agent = createWebhookAgent({ allowedTargets });
  const ctx: WebhookContext = {
    db,
    allowances: async () => ({ planId: "business", included: true, limit: 10, retentionDays: 730 }),
    secrets: rememberOpenedSecrets(createSecretBox(randomBytes(32))),
    checkUrl: (candidate) => checkWebhookUrl(candidate, { allowedTargets }),
    logger: createLogger({ service: "webhook-bench", level: "silent" }),
    clock: systemClock,
    deliveriesQueued: () => undefined,
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
  const worker = createDeliveryWorker(
    { ctx, post: (req) => postWebhook(req, { agent, allowedTargets, timeoutMs: 15_000 }) },
    { pollIntervalMs: 50, concurrency: 32, perEndpoint: CONCURRENCY },
  );
  const before = receiver.requests();
  const started = performance.now();
  worker.start();
  // As the event consumer does: a batch of events (up to 100) in one transaction.
  for (let i = 0; i < MESSAGES; i += 100) {
    const batch = Array.from({ length: Math.min(100, MESSAGES - i) }, (_, k) => ({
      accountId: account,
      eventType: "link.clicked",
      body: body(i + k),
    }));
    await db.transaction((tx) => enqueueMessages(tx, batch, new Date()));
    worker.wake();
  }
  worker.wake();
  while (receiver.requests() - before < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 5));
  const rate = MESSAGES / ((performance.now() - started) / 1000);
  await worker.stop();
  await agent.close();
  await connection.close();
  return rate;
}

const receiver = await startWebhookReceiver();
try {
  await baseline(receiver.url); // warm-up: JIT and the receiver's sockets
  const plain = await baseline(receiver.url);
  const dispatched = await throughDispatcher(receiver.url, receiver);
  const store = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  print(
    `webhook delivery (${new Date().toISOString()}), ${MESSAGES} messages, ${CONCURRENCY} at a time, ${store}`,
  );
  print(`plain POST loop:            ${plain.toFixed(0).padStart(6)} requests/s`);
  print(
    `through the dispatcher:     ${dispatched.toFixed(0).padStart(6)} deliveries/s (enqueue, claim, sign, POST, log)`,
  );
  print(`dispatcher / plain: ${(dispatched / plain).toFixed(2)}× (target ≥ 0.5×)`);
} finally {
  await receiver.close();
}
