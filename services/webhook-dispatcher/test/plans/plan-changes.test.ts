import { AppError } from "@kurz/errors";
import { encodeEvent } from "@kurz/events";
import { authV1 } from "@kurz/proto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../src/db/schema";
import { listWebhookDeliveries } from "../../src/deliveries/list-webhook-deliveries";
import { queueMessages } from "../../src/deliveries/queue-messages";
import { sendTestWebhook } from "../../src/deliveries/send-test-webhook";
import { createWebhook } from "../../src/endpoints/create-webhook";
import { deleteWebhook } from "../../src/endpoints/delete-webhook";
import { getWebhookOrThrow } from "../../src/endpoints/get-webhook-or-throw";
import { listWebhooks } from "../../src/endpoints/list-webhooks";
import { updateWebhook } from "../../src/endpoints/update-webhook";
import { handlePlanChange } from "../../src/events/start-plan-change-consumer";
import { startDispatcherContext } from "../support/start-dispatcher-context";
import { startReceiver } from "../support/start-receiver";

const ACCOUNT = "0190aa00-2222-7222-8333-444455556666";

type Context = Awaited<ReturnType<typeof startDispatcherContext>>;
let t: Context;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  t = await startDispatcherContext();
  receiver = await startReceiver();
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const PLANS = {
  pro: { id: "pro", webhooks: false, limit: 0 },
  business: { id: "business", webhooks: true, limit: 10 },
  small: { id: "business", webhooks: true, limit: 2 },
} as const;

/** account.plan_changed as auth-server announces it; the allowance auth-server would then answer. */
async function changePlan(plan: keyof typeof PLANS, accountId = ACCOUNT) {
  const { id, webhooks, limit } = PLANS[plan];
  t.setAllowance({ planId: id, included: webhooks, limit });
  const event = encodeEvent("auth-server", {
    type: "account.plan_changed",
    accountId,
    key: accountId,
    schema: authV1.AccountPlanChangedSchema,
    payload: {
      accountId,
      previousPlan: "business",
      plan: {
        id,
        webhooks,
        analyticsRetentionDays: 730,
        webhookEndpointLimit: { kind: { case: "max", value: limit } },
      },
    },
    occurredAt: t.clock.now(),
  });
  await handlePlanChange(t.ctx, event);
  return event;
}

async function endpoint() {
  const created = await createWebhook(t.ctx, ACCOUNT, {
    url: receiver.url,
    description: "",
    event_types: ["link.created"],
    link_ids: [],
    enabled: true,
  });
  t.clock.advance(1_000);
  return created.endpoint;
}

const stateOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return { enabled: row!.enabled, reason: row!.disabledReason };
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe("a plan change", () => {
  it("pauses every endpoint on a downgrade (reason plan): nothing queued for it is sent, and new events are not queued", async () => {
    const first = await endpoint();
    const second = await endpoint();
    await queueMessages(t.ctx, [
      {
        accountId: ACCOUNT,
        eventType: "link.created",
        body: JSON.stringify({ type: "link.created", timestamp: t.clock.now().toISOString(), data: {} }),
        sourceEventId: "before-downgrade",
      },
    ]);
    expect(await t.ctx.subscriptions.typesOf(ACCOUNT)).toEqual(new Set(["link.created"]));

    await changePlan("pro");
    expect(await stateOf(first.id)).toEqual({ enabled: false, reason: "plan" });
    expect(await stateOf(second.id)).toEqual({ enabled: false, reason: "plan" });
    await t.worker.drain();
    expect(receiver.received).toHaveLength(0);
    const deliveries = await t.ctx.db.select().from(webhookDeliveries);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(["failed", "failed"]);
    // The consumer's pre-filter forgot the account: its events are skipped at once.
    expect(await t.ctx.subscriptions.typesOf(ACCOUNT)).toEqual(new Set());
  });

  it("lets a downgraded account list, read, disable and delete its endpoints, and refuses creating, enabling, any other change and a test message", async () => {
    const kept = await endpoint();
    const other = await endpoint();
    await changePlan("pro");
    expect((await listWebhooks(t.ctx.db, ACCOUNT, { page: 1, limit: 20 })).total).toBe(2);
    expect((await getWebhookOrThrow(t.ctx.db, ACCOUNT, kept.id)).disabledReason).toBe("plan");
    expect((await listWebhookDeliveries(t.ctx.db, kept.id, { page: 1, limit: 20 })).total).toBe(0);
    expect(await codeOf(sendTestWebhook(t.ctx, ACCOUNT, kept.id))).toBe("PLAN_REQUIRED");
    expect(
      await codeOf(
        createWebhook(t.ctx, ACCOUNT, {
          url: receiver.url,
          description: "",
          event_types: ["link.created"],
          link_ids: [],
          enabled: true,
        }),
      ),
    ).toBe("PLAN_REQUIRED");
    expect(await codeOf(updateWebhook(t.ctx, ACCOUNT, kept.id, { enabled: false }))).toBe("none");
    expect(await stateOf(kept.id)).toEqual({ enabled: false, reason: null });
    expect(await codeOf(deleteWebhook(t.ctx, ACCOUNT, other.id))).toBe("none");
    expect(await codeOf(updateWebhook(t.ctx, ACCOUNT, kept.id, { enabled: true }))).toBe("PLAN_REQUIRED");
    expect(await codeOf(updateWebhook(t.ctx, ACCOUNT, kept.id, { event_types: ["link.deleted"] }))).toBe(
      "PLAN_REQUIRED",
    );
  });

  it("resumes on the upgrade only what the plan paused; one the account disabled stays off", async () => {
    const paused = await endpoint();
    const chosenOff = await endpoint();
    await changePlan("pro");
    await updateWebhook(t.ctx, ACCOUNT, chosenOff.id, { enabled: false });
    await changePlan("business");
    expect(await stateOf(paused.id)).toEqual({ enabled: true, reason: null });
    expect(await stateOf(chosenOff.id)).toEqual({ enabled: false, reason: null });
    expect(await t.ctx.subscriptions.typesOf(ACCOUNT)).toEqual(new Set(["link.created"]));
  });

  it("pauses the newest endpoints beyond a smaller limit; enabling one more needs room", async () => {
    const oldest = await endpoint();
    const middle = await endpoint();
    const newest = await endpoint();
    await changePlan("small");
    expect(await stateOf(oldest.id)).toEqual({ enabled: true, reason: null });
    expect(await stateOf(middle.id)).toEqual({ enabled: true, reason: null });
    expect(await stateOf(newest.id)).toEqual({ enabled: false, reason: "plan" });
    expect(await codeOf(updateWebhook(t.ctx, ACCOUNT, newest.id, { enabled: true }))).toBe("QUOTA_EXCEEDED");
    await updateWebhook(t.ctx, ACCOUNT, oldest.id, { enabled: false });
    expect(await codeOf(updateWebhook(t.ctx, ACCOUNT, newest.id, { enabled: true }))).toBe("none");
    expect(await stateOf(newest.id)).toEqual({ enabled: true, reason: null });
  });

  it("changes nothing when the same event is handled twice, nor for another account's plan", async () => {
    const mine = await endpoint();
    const event = await changePlan("pro");
    await handlePlanChange(t.ctx, event);
    expect(await stateOf(mine.id)).toEqual({ enabled: false, reason: "plan" });
    await changePlan("business", "0190aa00-3333-7222-8333-444455556666");
    expect(await stateOf(mine.id)).toEqual({ enabled: false, reason: "plan" });
  });

  it("refuses an event that does not decode (not retried as transient) and ignores other account events", async () => {
    const refused = await handlePlanChange(t.ctx, { value: Buffer.from("not an envelope") }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).retryable).toBe(false);
    const other = encodeEvent("auth-server", {
      type: "account.deleted",
      accountId: ACCOUNT,
      key: ACCOUNT,
      schema: authV1.AccountPlanChangedSchema,
      payload: { accountId: ACCOUNT },
      occurredAt: t.clock.now(),
    });
    await expect(handlePlanChange(t.ctx, other)).resolves.toBeUndefined();
  });
});
