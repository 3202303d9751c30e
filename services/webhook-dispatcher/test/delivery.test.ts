import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@kurz/testing";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from "../src/db/schema";
import { attemptDelivery } from "../src/deliveries/attempt-delivery";
import { claimDueDeliveries } from "../src/deliveries/claim-due-deliveries";
import { createAttemptRecorder } from "../src/deliveries/create-attempt-recorder";
import { createDeliveryWorker, type DeliveryWorker } from "../src/deliveries/create-delivery-worker";
import { enqueueMessage } from "../src/deliveries/enqueue-message";
import { listWebhookDeliveries } from "../src/deliveries/list-webhook-deliveries";
import { pruneDeliveryLog } from "../src/deliveries/prune-delivery-log";
import { queueMessages } from "../src/deliveries/queue-messages";
import { recordAttempts } from "../src/deliveries/record-attempts";
import { replayWebhookDelivery } from "../src/deliveries/replay-webhook-delivery";
import { RETRY_DELAYS_MS } from "../src/deliveries/retry-schedule";
import { toDeliveryView } from "../src/deliveries/to-delivery-view";
import { workerHooks } from "../src/deliveries/worker-hooks";
import { createWebhook } from "../src/endpoints/create-webhook";
import { rotateWebhookSecret } from "../src/endpoints/rotate-webhook-secret";
import { createSecretBox } from "../src/signing/secret-box";
import { attemptRecord } from "./support/attempt-record";
import { storeDatabase, storesToTest } from "./support/each-store";
import { startDispatcherContext } from "./support/start-dispatcher-context";
import { startReceiver } from "./support/start-receiver";

const ACCOUNT = "acct-1";
const HOUR = 3_600_000;

type Context = Awaited<ReturnType<typeof startDispatcherContext>>;
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let t: Context;
let receiver: Receiver;

async function endpoint(eventTypes = ["link.created"]) {
  return createWebhook(t.ctx, ACCOUNT, {
    url: receiver.url,
    description: "",
    event_types: eventTypes,
    link_ids: [],
    enabled: true,
  });
}

let queued = 0;

async function queue(n: number, type = "link.created", sourceEventId?: (i: number) => string) {
  for (let i = 0; i < n; i++) {
    queued++;
    const body = JSON.stringify({ type, timestamp: t.clock.now().toISOString(), data: { n: i } });
    await t.ctx.db.transaction((tx) =>
      enqueueMessage(
        tx,
        { accountId: ACCOUNT, eventType: type, body, sourceEventId: sourceEventId?.(i) ?? `event-${queued}` },
        t.clock.now(),
      ),
    );
  }
}

/** n link.created messages of the account, as the event consumer hands them to queueMessages. */
const messages = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    queued++;
    return {
      accountId: ACCOUNT,
      eventType: "link.created",
      body: JSON.stringify({ type: "link.created", timestamp: t.clock.now().toISOString(), data: { n: i } }),
      sourceEventId: `event-${queued}`,
    };
  });

const verifies = (secret: string, hit: { headers: Record<string, unknown>; body: string }) => {
  try {
    new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `body` while a worker (one attempt at a time, 60 s lease, 2 s timeout) has its first
 * attempt waiting at the receiver, its drain under way (`draining`); `release` lets that attempt
 * go on. The attempt is released and the worker stopped however `body` ends.
 */
async function whileFirstAttemptHeld(
  body: (held: { release: () => void; draining: Promise<number>; worker: DeliveryWorker }) => Promise<void>,
): Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  const worker = createDeliveryWorker(
    {
      ctx: t.ctx,
      post: async (request) => {
        calls++;
        if (calls === 1) await gate;
        return t.post(request);
      },
    },
    { pollIntervalMs: 1_000_000, concurrency: 1, perEndpoint: 1, leaseMs: 60_000, attemptTimeoutMs: 2_000 },
  );
  try {
    const draining = worker.drain();
    await waitFor(() => calls === 1, "the first attempt");
    await body({ release, draining, worker });
  } finally {
    release();
    await worker.stop();
  }
}

/** Moves the clock to the next due attempt and drains, until `until` or nothing is pending. */
async function runUntil(untilMs: number): Promise<void> {
  for (;;) {
    await t.worker.drain();
    const pending = await t.ctx.db
      .select({ next: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, "pending"));
    const next = Math.min(...pending.map((row) => row.next!.getTime()));
    if (!Number.isFinite(next) || next > untilMs) return;
    const now = t.clock.now().getTime();
    if (next > now) t.clock.advance(next - now);
  }
}

for (const store of await storesToTest()) {
  describe(`on ${store.name}`, () => {
    const database = storeDatabase(store, "kurz_test_webhook_delivery");

    beforeEach(async () => {
      t = await startDispatcherContext(database());
      receiver = await startReceiver();
    });

    afterEach(async () => {
      await t.close();
      await receiver.close();
    });

    describe("webhook delivery", () => {
      it("delivers a queued event signed so that standardwebhooks verifies it, and logs the attempt", async () => {
        const { secret, endpoint: created } = await endpoint();
        await queue(1);
        await t.worker.drain();
        expect(receiver.received).toHaveLength(1);
        expect(verifies(secret, receiver.received[0]!)).toBe(true);
        expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
          type: "link.created",
          data: { n: 0 },
        });
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, endpointId: created.id });
        const [attempt] = await t.ctx.db.select().from(webhookAttempts);
        expect(attempt).toMatchObject({ statusCode: 200, responseExcerpt: "ok", failureKind: null });
      });

      it("queues nothing for an endpoint that did not select the type, and nothing twice for a replayed event", async () => {
        await endpoint(["link.deleted"]);
        await queue(1, "link.created");
        await endpoint(["link.created"]);
        await queue(1, "link.created", () => "the-same-event");
        await queue(1, "link.created", () => "the-same-event");
        expect(await t.ctx.db.select().from(webhookDeliveries)).toHaveLength(1);
      });

      it("loses nothing while the receiver is down for 30 hours: retries follow the schedule, then every event arrives once", async () => {
        await endpoint();
        receiver.answerWith(() => ({ status: 503 }));
        const start = t.clock.now().getTime();
        await queue(10);
        await runUntil(start + 30 * HOUR);
        const duringOutage = receiver.received.length;
        receiver.answerWith(() => ({ status: 204 }));
        await runUntil(start + 80 * HOUR);

        const deliveries = await t.ctx.db.select().from(webhookDeliveries);
        expect(deliveries.every((row) => row.status === "succeeded")).toBe(true);
        const ids = new Set(receiver.received.slice(duringOutage).map((hit) => hit.headers["webhook-id"]));
        expect(ids.size).toBe(10);
        // Attempts at 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h after the previous one (jitter 0 here):
        // the 8th, 31 h 35 min in, is the first after the outage.
        const attempts = await t.ctx.db
          .select()
          .from(webhookAttempts)
          .where(eq(webhookAttempts.deliveryId, deliveries[0]!.id))
          .orderBy(webhookAttempts.attemptedAt);
        expect(attempts).toHaveLength(8);
        const gaps = attempts
          .slice(1)
          .map((a, i) => a.attemptedAt.getTime() - attempts[i]!.attemptedAt.getTime());
        gaps.forEach((gap, i) => {
          expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i + 1]!);
          expect(gap).toBeLessThan(RETRY_DELAYS_MS[i + 1]! + 60_000);
        });
      });

      it("gives up after the tenth attempt and marks the delivery failed", async () => {
        await endpoint();
        receiver.answerWith(() => ({ status: 500 }));
        await queue(1);
        await runUntil(t.clock.now().getTime() + 100 * HOUR);
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery).toMatchObject({ status: "failed", attempts: 10, nextAttemptAt: null });
      });

      it("disables the endpoint at once on 410 Gone and sends it nothing more", async () => {
        const { endpoint: created } = await endpoint();
        receiver.answerWith(() => ({ status: 410 }));
        await queue(1);
        await t.worker.drain();
        await queue(2);
        await runUntil(t.clock.now().getTime() + 10 * HOUR);
        expect(receiver.received).toHaveLength(1);
        const [row] = await t.ctx.db
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, created.id));
        expect(row).toMatchObject({ enabled: false, disabledReason: "gone" });
      });

      it("treats a redirect as a failure and never follows it", async () => {
        await endpoint();
        receiver.answerWith(() => ({ status: 302, headers: { location: "http://10.0.0.1/" } }));
        await queue(1);
        await t.worker.drain();
        const [attempt] = await t.ctx.db.select().from(webhookAttempts);
        expect(attempt?.statusCode).toBe(302);
        expect(attempt?.failureKind).toBe("redirect");
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery?.status).toBe("pending");
      });

      it("disables an endpoint after five days of nothing but failures; a success resets that clock", async () => {
        const { endpoint: created } = await endpoint();
        receiver.answerWith(() => ({ status: 500 }));
        const start = t.clock.now().getTime();
        // A new event every 12 h keeps attempts coming for days.
        for (let hour = 0; hour < 4 * 24; hour += 12) {
          await queue(1);
          await runUntil(start + (hour + 12) * HOUR);
          t.clock.advance(Math.max(0, start + (hour + 12) * HOUR - t.clock.now().getTime()));
        }
        let [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
        expect(row?.enabled).toBe(true);
        expect(row?.failingSince).not.toBeNull();
        receiver.answerWith(() => ({ status: 200 }));
        await queue(1);
        await t.worker.drain();
        [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
        expect(row?.failingSince).toBeNull();

        receiver.answerWith(() => ({ status: 500 }));
        const failingFrom = t.clock.now().getTime();
        for (let hour = 0; hour <= 5 * 24 + 12; hour += 12) {
          await queue(1);
          await runUntil(failingFrom + (hour + 12) * HOUR);
          t.clock.advance(Math.max(0, failingFrom + (hour + 12) * HOUR - t.clock.now().getTime()));
        }
        [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
        expect(row).toMatchObject({ enabled: false, disabledReason: "failing" });
      });

      it("decides the 5-day disable on the endpoint's current failing clock, not the claim's: a just-recovered endpoint stays enabled", async () => {
        const { endpoint: created } = await endpoint();
        const sixDaysAgo = new Date(t.clock.now().getTime() - 6 * 24 * HOUR);
        await t.ctx.db
          .update(webhookEndpoints)
          .set({ failingSince: sixDaysAgo })
          .where(eq(webhookEndpoints.id, created.id));
        await queue(1);
        const [claimed] = await claimDueDeliveries(t.ctx.db, {
          now: t.clock.now(),
          batchSize: 10,
          defaultRoom: 10,
          leaseMs: 60_000,
        });
        expect(claimed!.endpoint.failingSince).toEqual(sixDaysAgo);
        // Meanwhile another delivery succeeded: the endpoint recovered.
        await t.ctx.db
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, created.id));
        receiver.answerWith(() => ({ status: 500 }));
        await attemptDelivery({ ctx: t.ctx, post: t.post, random: () => 0.5 }, claimed!);
        const [row] = await t.ctx.db
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, created.id));
        // Its failing clock starts again with this failure.
        expect(row).toMatchObject({ enabled: true, disabledReason: null });
        expect(row!.failingSince!.getTime()).toBeGreaterThan(sixDaysAgo.getTime() + 5 * 24 * HOUR);
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery?.status).toBe("pending");

        // Still failing for 5 days by the current value: disabled.
        await t.ctx.db
          .update(webhookEndpoints)
          .set({ failingSince: sixDaysAgo })
          .where(eq(webhookEndpoints.id, created.id));
        t.clock.advance(60_000);
        const [again] = await claimDueDeliveries(t.ctx.db, {
          now: t.clock.now(),
          batchSize: 10,
          defaultRoom: 10,
          leaseMs: 60_000,
        });
        await attemptDelivery({ ctx: t.ctx, post: t.post, random: () => 0.5 }, again!);
        const [disabled] = await t.ctx.db
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, created.id));
        expect(disabled).toMatchObject({ enabled: false, disabledReason: "failing" });
      });

      it("disables an endpoint whose sealed secret no longer opens (the key changed), with a visible reason, and sends nothing", async () => {
        const { endpoint: created } = await endpoint();
        const otherKey = createSecretBox(randomBytes(32));
        await t.ctx.db
          .update(webhookEndpoints)
          .set({ secretSealed: otherKey.seal("whsec_c2VhbGVkIHVuZGVyIGFub3RoZXIga2V5IQ==") })
          .where(eq(webhookEndpoints.id, created.id));
        await queue(1);
        await t.worker.drain();
        expect(receiver.received).toHaveLength(0);
        const [row] = await t.ctx.db
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, created.id));
        expect(row).toMatchObject({ enabled: false, disabledReason: "secret" });
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery).toMatchObject({ status: "failed", claimedUntil: null });
      });

      it("attempts again a delivery whose worker died between claim and answer: nothing lost", async () => {
        const { secret } = await endpoint();
        await queue(3);
        // A worker claims them and dies before attempting.
        const claimed = await claimDueDeliveries(t.ctx.db, {
          now: t.clock.now(),
          batchSize: 10,
          defaultRoom: 10,
          leaseMs: 60_000,
        });
        expect(claimed).toHaveLength(3);
        await t.worker.drain();
        expect(receiver.received).toHaveLength(0);
        t.clock.advance(61_000);
        await t.worker.drain();
        expect(receiver.received).toHaveLength(3);
        expect(receiver.received.every((hit) => verifies(secret, hit))).toBe(true);
      });

      it("starts no attempt that could outlast its claim: the rest wait for the claim to lapse, nothing sent twice", async () => {
        await endpoint();
        await queue(3);
        // One attempt at a time; the first hangs while the clock moves to a second before the lease ends.
        await whileFirstAttemptHeld(async ({ release, draining, worker }) => {
          t.clock.advance(59_000);
          release();
          await draining;
          expect(receiver.received).toHaveLength(1);
          t.clock.advance(2_000);
          await worker.drain();
          const ids = receiver.received.map((hit) => hit.headers["webhook-id"]);
          expect(ids).toHaveLength(3);
          expect(new Set(ids).size).toBe(3);
        });
      });

      it("lets a replay made while an attempt is in flight win: the attempt is logged, the delivery sent again", async () => {
        const {
          endpoint: { id: endpointId },
        } = await endpoint();
        await queue(1);
        const [{ id: deliveryId }] = (await t.ctx.db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)) as [{ id: string }];
        await whileFirstAttemptHeld(async ({ release, draining, worker }) => {
          // The user replays the delivery while its first attempt waits for the receiver.
          const replayed = await replayWebhookDelivery(t.ctx, ACCOUNT, endpointId, deliveryId);
          expect(replayed.delivery.status).toBe("pending");
          release();
          await draining;
          await worker.drain();
          // The first attempt's answer did not overwrite the replay: the message went out again.
          const ids = receiver.received.map((hit) => hit.headers["webhook-id"]);
          expect(ids).toHaveLength(2);
          expect(new Set(ids).size).toBe(1);
          const [delivery] = await t.ctx.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, deliveryId));
          expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, claimedUntil: null });
          const attempts = await t.ctx.db
            .select()
            .from(webhookAttempts)
            .where(eq(webhookAttempts.deliveryId, deliveryId));
          expect(attempts).toHaveLength(2);
        });
      });

      it("shows a delivery in flight while a worker holds it: not before, not once its attempt is recorded, not once the claim lapsed", async () => {
        const {
          endpoint: { id: endpointId },
        } = await endpoint();
        await queue(1);
        const view = async (atMs = t.clock.now().getTime()) => {
          const page = await listWebhookDeliveries(t.ctx.db, endpointId, { page: 1, limit: 10 });
          return toDeliveryView(page.items[0]!, new Date(atMs));
        };
        expect(await view()).toMatchObject({ status: "pending", attempts: 0, in_flight: false });
        await whileFirstAttemptHeld(async ({ release, draining }) => {
          const held = await view();
          expect(held).toMatchObject({ status: "pending", attempts: 0, in_flight: true });
          // The worker's claim (60 s) is what next_attempt_at shows meanwhile; were the worker
          // dead, the delivery would be due again, not in flight, when it ends.
          const claimEnd = Date.parse(held.next_attempt_at!);
          expect(claimEnd - t.clock.now().getTime()).toBeGreaterThan(50_000);
          expect(claimEnd - t.clock.now().getTime()).toBeLessThanOrEqual(60_000);
          expect(await view(claimEnd - 1)).toMatchObject({ in_flight: true });
          expect(await view(claimEnd)).toMatchObject({ in_flight: false });
          release();
          await draining;
          expect(await view()).toMatchObject({ status: "succeeded", attempts: 1, in_flight: false });
        });
      });

      it("claims fresh deliveries for the local worker as they are queued: sent once, and no other worker can claim them", async () => {
        const { secret } = await endpoint();
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let worker: DeliveryWorker | undefined;
        const ctx = { ...t.ctx, ...workerHooks(() => worker) };
        worker = createDeliveryWorker(
          {
            ctx,
            post: async (request) => {
              await gate;
              return t.post(request);
            },
          },
          { pollIntervalMs: 1_000_000, concurrency: 8, perEndpoint: 4 },
        );
        try {
          const queuedAt = t.clock.now().getTime();
          const queued = await queueMessages(ctx, messages(3));
          expect(queued.flatMap((message) => message?.claimed ?? [])).toHaveLength(3);
          // Written claimed for a lease, due again at its end (should this worker die).
          const rows = await t.ctx.db.select().from(webhookDeliveries);
          for (const row of rows) {
            expect(row.claimedUntil!.getTime()).toBeGreaterThanOrEqual(queuedAt + worker.leaseMs);
            expect(row.nextAttemptAt).toEqual(row.claimedUntil);
          }
          // Another replica claiming now finds nothing to take.
          expect(
            await claimDueDeliveries(t.ctx.db, {
              now: t.clock.now(),
              batchSize: 10,
              defaultRoom: 10,
              leaseMs: 60_000,
            }),
          ).toHaveLength(0);
          release();
          await worker.drain();
          expect(receiver.received).toHaveLength(3);
          expect(receiver.received.every((hit) => verifies(secret, hit))).toBe(true);
          const after = await t.ctx.db.select().from(webhookDeliveries);
          expect(after.map((row) => [row.status, row.attempts, row.claimedUntil])).toEqual(
            after.map(() => ["succeeded", 1, null]),
          );
        } finally {
          release();
          await worker.stop();
        }
      });

      it("takes no more fresh deliveries than its room: the rest wait in the outbox and are claimed later, each sent once", async () => {
        await endpoint();
        let worker: DeliveryWorker | undefined;
        const ctx = { ...t.ctx, ...workerHooks(() => worker) };
        // One at a time; a 60 s lease holds two rounds of 20 s attempts: room for 2.
        worker = createDeliveryWorker(
          { ctx, post: t.post },
          {
            pollIntervalMs: 1_000_000,
            concurrency: 1,
            perEndpoint: 1,
            leaseMs: 60_000,
            attemptTimeoutMs: 20_000,
          },
        );
        try {
          const queued = await queueMessages(ctx, messages(5));
          expect(queued.flatMap((message) => message?.claimed ?? [])).toHaveLength(2);
          await worker.drain();
          const ids = receiver.received.map((hit) => hit.headers["webhook-id"]);
          expect(ids).toHaveLength(5);
          expect(new Set(ids).size).toBe(5);
        } finally {
          await worker.stop();
        }
      });

      it("attempts a fresh delivery whose worker died before sending it once its claim lapses: nothing lost", async () => {
        await endpoint();
        // The replica that queued them claimed them for its worker, then died before handing them over.
        const dying = createDeliveryWorker(
          { ctx: t.ctx, post: t.post },
          { pollIntervalMs: 1_000_000, concurrency: 8, perEndpoint: 4, leaseMs: 60_000 },
        );
        const ctx = { ...t.ctx, ...workerHooks(() => dying), deliveriesQueued: () => undefined };
        await queueMessages(ctx, messages(3));
        await t.worker.drain();
        expect(receiver.received).toHaveLength(0);
        t.clock.advance(60_000);
        await t.worker.drain();
        expect(receiver.received).toHaveLength(3);
      });

      it("records every attempt when one receiver answers a NUL byte or a lone surrogate: nobody else's record fails, nothing is sent twice", async () => {
        const other = await startReceiver();
        try {
          await endpoint();
          await createWebhook(t.ctx, "acct-2", {
            url: other.url,
            description: "",
            event_types: ["link.created"],
            link_ids: [],
            enabled: true,
          });
          receiver.answerWith(() => ({ status: 200, body: "fine" }));
          other.answerWith(() => ({ status: 500, body: "bad\u0000answer" }));
          for (const accountId of [ACCOUNT, "acct-2"]) {
            await t.ctx.db.transaction((tx) =>
              enqueueMessage(
                tx,
                { accountId, eventType: "link.created", body: "{}", sourceEventId: `nul-${accountId}` },
                t.clock.now(),
              ),
            );
          }
          await t.worker.drain();
          const deliveries = await t.ctx.db.select().from(webhookDeliveries);
          expect(
            deliveries.map((row) => [row.accountId, row.status, row.attempts, row.claimedUntil]).sort(),
          ).toEqual([
            [ACCOUNT, "succeeded", 1, null],
            ["acct-2", "pending", 1, null],
          ]);
          const attempts = await t.ctx.db.select().from(webhookAttempts);
          expect(attempts.map((row) => row.responseExcerpt).sort()).toEqual(["bad\\u0000answer", "fine"]);
          expect(receiver.received).toHaveLength(1);
          expect(other.received).toHaveLength(1);

          // Text no column can hold, however it got into a record, is written safely.
          const [pending] = deliveries.filter((row) => row.status === "pending");
          const claimed = await claimDueDeliveries(t.ctx.db, {
            now: new Date(pending!.nextAttemptAt!.getTime() + 1),
            batchSize: 10,
            defaultRoom: 10,
            leaseMs: 60_000,
          });
          await recordAttempts(t.ctx.db, [
            attemptRecord(claimed[0]!, pending!.id, t.clock.now(), {
              statusCode: 500,
              responseExcerpt: "lone \ud800 high, lone \udc00 low, \u0000",
              failureKind: "status",
              failureDetail: "detail \u0000",
              attempts: 2,
              status: "pending",
              nextAttemptAt: t.clock.now(),
            }),
          ]);
          const excerpts = (await t.ctx.db.select().from(webhookAttempts)).map((row) => row.responseExcerpt);
          expect(excerpts).toContain("lone \ufffd high, lone \ufffd low, \\u0000");
        } finally {
          await other.close();
        }
      });

      it("skips the record of a delivery deleted while its attempt was under way (its endpoint deleted), and writes the rest", async () => {
        await endpoint();
        await queue(1);
        const [claimed] = await claimDueDeliveries(t.ctx.db, {
          now: t.clock.now(),
          batchSize: 10,
          defaultRoom: 10,
          leaseMs: 60_000,
        });
        const record = (deliveryId: string) => attemptRecord(claimed!, deliveryId, t.clock.now());
        await recordAttempts(t.ctx.db, [record(claimed!.id), record(randomUUID())]);
        const attempts = await t.ctx.db.select().from(webhookAttempts);
        expect(attempts.map((row) => row.deliveryId)).toEqual([claimed!.id]);
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery).toMatchObject({ status: "succeeded", attempts: 1 });
      });

      it("writes each record of a group alone when the grouped statement is refused: one bad record fails only itself", async () => {
        await endpoint();
        await queue(1);
        const [claimed] = await claimDueDeliveries(t.ctx.db, {
          now: t.clock.now(),
          batchSize: 10,
          defaultRoom: 10,
          leaseMs: 60_000,
        });
        const record = (deliveryId: string) =>
          attemptRecord(claimed!, deliveryId, t.clock.now(), {
            statusCode: 200,
            latencyMs: 1,
            responseExcerpt: "ok",
          });
        const recorder = createAttemptRecorder(t.ctx.db, { lingerMs: 50 });
        // A record no column can hold (a latency past the integer range): its row cannot be written.
        const refused = { ...record(claimed!.id), latencyMs: 2 ** 31 };
        const results = await Promise.allSettled([recorder(record(claimed!.id)), recorder(refused)]);
        expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected"]);
        const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
        expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, claimedUntil: null });
      });

      it("claims fairly: 20,000 due deliveries of a hanging endpoint do not keep another account's delivery waiting", async () => {
        const hanging = http.createServer(() => {
          // Never answers: every attempt runs into the timeout.
        });
        await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
        const { port } = hanging.address() as AddressInfo;
        const worker = createDeliveryWorker(
          { ctx: t.ctx, post: t.post },
          { pollIntervalMs: 100, concurrency: 8, perEndpoint: 4 },
        );
        try {
          const { endpoint: slow } = await createWebhook(t.ctx, "acct-backlog", {
            url: `http://127.0.0.1:${port}/hooks`,
            description: "",
            event_types: ["link.created"],
            link_ids: [],
            enabled: true,
          });
          await endpoint();
          // The backlog is older than anything else: first in "oldest due first".
          const since = new Date(t.clock.now().getTime() - HOUR).toISOString();
          await t.ctx.db.execute(sql`
            insert into webhook_messages (id, account_id, event_type, body, created_at)
            select 'msg_backlog_' || n, 'acct-backlog', 'link.created', '{}', ${since}::timestamptz
            from generate_series(1, 20000) as n`);
          await t.ctx.db.execute(sql`
            insert into webhook_deliveries (id, message_id, endpoint_id, account_id, event_type, next_attempt_at)
            select gen_random_uuid(), 'msg_backlog_' || n, ${slow.id}::uuid, 'acct-backlog', 'link.created',
              ${since}::timestamptz
            from generate_series(1, 20000) as n`);
          worker.start();
          await queue(1);
          worker.wake();
          await waitFor(() => receiver.received.length, {
            until: (n) => n === 1,
            what: "the other account's delivery while the backlog hangs",
          });
        } finally {
          hanging.closeAllConnections();
          await worker.stop();
          await new Promise<void>((resolve) => hanging.close(() => resolve()));
        }
      });

      it("signs with both secrets for 24 hours after a rotation, then with the new one only", async () => {
        const { secret: oldSecret, endpoint: created } = await endpoint();
        const { secret: newSecret } = await rotateWebhookSecret(t.ctx, ACCOUNT, created.id);
        await queue(1);
        await t.worker.drain();
        const during = receiver.received[0]!;
        expect(verifies(oldSecret, during)).toBe(true);
        expect(verifies(newSecret, during)).toBe(true);

        t.clock.advance(24 * HOUR + 1_000);
        const body = JSON.stringify({
          type: "link.created",
          timestamp: t.clock.now().toISOString(),
          data: {},
        });
        await t.ctx.db.transaction((tx) =>
          enqueueMessage(
            tx,
            { accountId: ACCOUNT, eventType: "link.created", body, sourceEventId: "late" },
            t.clock.now(),
          ),
        );
        await t.worker.drain();
        const after = receiver.received[1]!;
        // standardwebhooks checks the timestamp against the real clock: re-sign-free check on header count.
        expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
        expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
      });
    });

    describe("the delivery log", () => {
      it("is kept for the plan's retention, then deleted with its attempts; pending deliveries stay", async () => {
        await endpoint();
        await queue(2);
        await t.worker.drain();
        receiver.answerWith(() => ({ status: 500 }));
        t.clock.advance(31 * 24 * HOUR);
        await queue(1); // fails and stays pending across the sweep below
        await t.worker.drain();

        t.setAllowance({ retentionDays: 365 });
        expect(await pruneDeliveryLog(t.ctx)).toBe(0);
        t.setAllowance({ retentionDays: 30 });
        // One message a statement: the sweep goes on until a batch comes back short.
        expect(await pruneDeliveryLog(t.ctx, 1)).toBe(2);
        expect(await t.ctx.db.select().from(webhookMessages)).toHaveLength(1);
        const attempts = await t.ctx.db.select().from(webhookAttempts);
        expect(attempts).toHaveLength(1);
        t.clock.advance(40 * 24 * HOUR);
        expect(await pruneDeliveryLog(t.ctx)).toBe(0);
      });
    });
  });
}
