import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { createDatabase } from "@kurz/relational";
import { parseAllowedTargets } from "@kurz/ssrf";
import { sql } from "drizzle-orm";
import * as schema from "../../src/db/schema";
import type { WebhookDatabase } from "../../src/db/webhook-database";
import type { PostWebhook } from "../../src/deliveries/attempt-delivery";
import { createDeliveryWorker } from "../../src/deliveries/create-delivery-worker";
import { accountSubscriptions } from "../../src/events/account-subscriptions";
import { checkWebhookUrl } from "../../src/outbound/check-webhook-url";
import { createWebhookAgent } from "../../src/outbound/create-webhook-agent";
import { postWebhook } from "../../src/outbound/post-webhook";
import type { WebhookAllowance } from "../../src/plans/webhook-allowance";
import { createSecretBox } from "../../src/signing/secret-box";
import type { WebhookContext } from "../../src/webhook-context";

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * webhook-dispatcher's operations against a real embedded PostgreSQL (or the PostgreSQL server at
 * `databaseUrl`) with its migrations and a controllable clock, delivering over real HTTP through the SSRF-guarded client (127.0.0.1
 * allowed, as WEBHOOK_ALLOWED_TARGETS does in development); auth-server's plan is an allowance a
 * test sets. The real services together are in test/webhook-flow.test.ts.
 */
export async function startDispatcherContext(
  options: { timeoutMs?: number; perEndpoint?: number; databaseUrl?: string } = {},
) {
  const connection = await createDatabase({
    schema,
    ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
  });
  await connection.migrate(MIGRATIONS);
  // A PostgreSQL database serves every test of a file: each starts from empty tables.
  if (options.databaseUrl) {
    await connection.db.execute(
      sql`truncate webhook_attempts, webhook_deliveries, webhook_messages, webhook_endpoints, webhook_dead_letters`,
    );
  }
  const clock = new TestClock();
  const db = connection.db as unknown as WebhookDatabase;
  let allowance: WebhookAllowance = { planId: "business", included: true, limit: 10, retentionDays: 730 };
  const allowedTargets = parseAllowedTargets("127.0.0.1/32");
  const agent = createWebhookAgent({ allowedTargets });
  const post: PostWebhook = (request) =>
    postWebhook(request, { agent, allowedTargets, timeoutMs: options.timeoutMs ?? 2_000 });
  const ctx: WebhookContext = {
    db,
    allowances: async () => allowance,
    secrets: createSecretBox(randomBytes(32)),
    checkUrl: (url) => checkWebhookUrl(url, { allowedTargets }),
    logger: createLogger({ service: "webhook-dispatcher", level: "silent" }),
    clock,
    deliveriesQueued: () => undefined,
    subscriptions: accountSubscriptions(db, clock),
    deadLetterStats: { stored: 0, replayed: 0 },
    eventsWritten: () => undefined,
  };
  const worker = createDeliveryWorker(
    { ctx, post, random: () => 0.5 },
    { pollIntervalMs: 1_000_000, concurrency: 8, perEndpoint: options.perEndpoint ?? 4 },
  );
  return {
    ctx,
    clock,
    worker,
    post,
    setAllowance(next: Partial<WebhookAllowance>) {
      allowance = { ...allowance, ...next };
    },
    async close() {
      await worker.stop();
      await agent.close();
      await connection.close();
    },
  };
}
