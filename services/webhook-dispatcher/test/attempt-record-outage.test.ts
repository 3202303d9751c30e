import { randomUUID } from "node:crypto";
import { createLogger } from "@kurz/logger";
import { waitFor } from "@kurz/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries } from "../src/db/schema";
import { type ClaimedDelivery, claimDueDeliveries } from "../src/deliveries/claim-due-deliveries";
import { createAttemptRecorder } from "../src/deliveries/create-attempt-recorder";
import { createDeliveryWorker } from "../src/deliveries/create-delivery-worker";
import { enqueueMessage } from "../src/deliveries/enqueue-message";
import { recordAttempts } from "../src/deliveries/record-attempts";
import { createWebhook } from "../src/endpoints/create-webhook";
import { attemptRecord } from "./support/attempt-record";
import { databaseOutage } from "./support/database-outage";
import { storeDatabase, storesToTest } from "./support/each-store";
import { startDispatcherContext } from "./support/start-dispatcher-context";
import { startReceiver } from "./support/start-receiver";

const ACCOUNT = "acct-1";
/** Retries quick enough for a test; the jittered doubling is the recorder's own. */
const QUICK = { initialMs: 5, maxMs: 40 };

type Context = Awaited<ReturnType<typeof startDispatcherContext>>;
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let t: Context;
let receiver: Receiver;

async function queue(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await t.ctx.db.transaction((tx) =>
      enqueueMessage(
        tx,
        { accountId: ACCOUNT, eventType: "link.created", body: "{}", sourceEventId: randomUUID() },
        t.clock.now(),
      ),
    );
  }
}

async function claim(n: number, leaseMs = 60_000): Promise<ClaimedDelivery[]> {
  await queue(n);
  const claimed = await claimDueDeliveries(t.ctx.db, {
    now: t.clock.now(),
    batchSize: 10,
    defaultRoom: 10,
    leaseMs,
  });
  expect(claimed).toHaveLength(n);
  return claimed;
}

/** A 204 success of a claimed delivery, recorded now. */
const successOf = (claimed: ClaimedDelivery) => attemptRecord(claimed, claimed.id, t.clock.now());

/** Error lines a logger wrote, by event. */
function capturedLogger() {
  const events: string[] = [];
  const logger = createLogger({ service: "webhook-dispatcher", level: "silent" });
  return {
    events,
    logger: {
      error(fields: { event?: string }) {
        events.push(fields.event ?? "");
        logger.error(fields);
      },
    },
  };
}

for (const store of await storesToTest()) {
  describe(`an attempt's record while the database is out of reach, on ${store.name}`, () => {
    const database = storeDatabase(store, "kurz_test_webhook_outage");

    beforeEach(async () => {
      t = await startDispatcherContext(database());
      receiver = await startReceiver();
      await createWebhook(t.ctx, ACCOUNT, {
        url: receiver.url,
        description: "",
        event_types: ["link.created"],
        link_ids: [],
        enabled: true,
      });
    });

    afterEach(async () => {
      await t.close();
      await receiver.close();
    });

    it("is written once the database answers again: the attempt is logged and the delivery sent once", async () => {
      const outage = databaseOutage(t.ctx.db);
      // The database goes away while the receiver answers: between the attempt and its record.
      receiver.answerWith(() => {
        outage.begin(4);
        return { status: 200, body: "ok" };
      });
      const worker = createDeliveryWorker(
        {
          ctx: { ...t.ctx, db: outage.db },
          post: t.post,
          record: createAttemptRecorder(outage.db, { unavailableBackoff: QUICK, clock: t.clock }),
        },
        { pollIntervalMs: 1_000_000, concurrency: 4, perEndpoint: 2 },
      );
      await queue(1);
      expect(await worker.drain()).toBe(1);
      await worker.stop();
      expect(outage.refused).toBe(4);
      expect(receiver.received).toHaveLength(1);
      const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, claimedUntil: null });
      const attempts = await t.ctx.db.select().from(webhookAttempts);
      expect(attempts.map((row) => [row.deliveryId, row.statusCode])).toEqual([[delivery!.id, 200]]);
    });

    it("writes the waiting records together with those that came meanwhile", async () => {
      const [first, second] = await claim(2);
      const outage = databaseOutage(t.ctx.db);
      const recorder = createAttemptRecorder(outage.db, {
        unavailableBackoff: QUICK,
        lingerMs: 1,
        clock: t.clock,
      });
      outage.begin(3);
      const written = recorder(successOf(first!));
      // Comes while the first waits out the outage.
      const later = recorder(successOf(second!));
      await Promise.all([written, later]);
      const rows = await t.ctx.db.select().from(webhookDeliveries);
      expect(rows.map((row) => [row.status, row.claimedUntil])).toEqual([
        ["succeeded", null],
        ["succeeded", null],
      ]);
      expect(await t.ctx.db.$count(webhookAttempts)).toBe(2);
    });

    it("gives up a record whose claim ended during the outage, visibly: its delivery is attempted again", async () => {
      const [claimed] = await claim(1);
      const outage = databaseOutage(t.ctx.db);
      const { events, logger } = capturedLogger();
      const recorder = createAttemptRecorder(outage.db, {
        unavailableBackoff: QUICK,
        clock: t.clock,
        logger,
      });
      outage.begin(Number.POSITIVE_INFINITY);
      const written = recorder(successOf(claimed!));
      // The worker's claim ends while the database is still away.
      await waitFor(() => outage.refused > 0, "the record's first write to be refused");
      t.clock.advance(60_000);
      await expect(written).rejects.toThrow(/ECONNREFUSED/);
      expect(events).toContain("webhook.attempt_record_lost");
      const [delivery] = await t.ctx.db.select().from(webhookDeliveries);
      expect(delivery).toMatchObject({ status: "pending", attempts: 0 });
    });

    it("gives up at once when the worker stops during the outage, instead of holding the stop", async () => {
      const [claimed] = await claim(1);
      const outage = databaseOutage(t.ctx.db);
      const stopping = new AbortController();
      const recorder = createAttemptRecorder(outage.db, {
        // A backoff longer than any test: only the stop can end the wait.
        unavailableBackoff: { initialMs: 3_600_000, maxMs: 3_600_000 },
        clock: t.clock,
        stopping: stopping.signal,
      });
      outage.begin(Number.POSITIVE_INFINITY);
      const written = recorder(successOf(claimed!));
      await waitFor(() => outage.refused > 0, "the record's first write to be refused");
      stopping.abort();
      await expect(written).rejects.toThrow(/ECONNREFUSED/);
    });

    it("changes nothing when written again after its reply was lost", async () => {
      const [claimed] = await claim(1);
      const record = successOf(claimed!);
      await recordAttempts(t.ctx.db, [record]);
      const [before] = await t.ctx.db.select().from(webhookDeliveries);
      await recordAttempts(t.ctx.db, [
        { ...record, recordedAt: new Date(record.recordedAt.getTime() + 1_000) },
      ]);
      expect(await t.ctx.db.select().from(webhookDeliveries)).toEqual([before]);
      expect(await t.ctx.db.$count(webhookAttempts)).toBe(1);
    });
  });
}
