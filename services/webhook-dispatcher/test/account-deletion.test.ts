import { encodeEvent } from "@kurz/events";
import { authV1 } from "@kurz/proto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../src/db/schema";
import { sendTestWebhook } from "../src/deliveries/send-test-webhook";
import { createWebhook } from "../src/endpoints/create-webhook";
import { handleAccountDeletion } from "../src/events/start-plan-change-consumer";
import { startDispatcherContext } from "./support/start-dispatcher-context";
import { startReceiver } from "./support/start-receiver";

const GONE = "0190aa00-2222-7222-8333-000000000001";
const KEPT = "0190aa00-2222-7222-8333-000000000002";

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

const endpointOf = async (accountId: string) =>
  (
    await createWebhook(t.ctx, accountId, {
      url: receiver.url,
      description: "",
      event_types: ["link.created"],
      link_ids: [],
      enabled: true,
    })
  ).endpoint;

describe("a deleted workspace's webhooks (account.deleted)", () => {
  it("go with their deliveries, idempotently, and other accounts' stay", async () => {
    const gone = await endpointOf(GONE);
    const kept = await endpointOf(KEPT);
    await sendTestWebhook(t.ctx, GONE, gone.id);
    const event = encodeEvent("auth-server", {
      type: "account.deleted",
      accountId: GONE,
      key: GONE,
      schema: authV1.AccountDeletedSchema,
      payload: { accountId: GONE },
    });

    await handleAccountDeletion(t.ctx, event);
    await handleAccountDeletion(t.ctx, event);

    const left = await t.ctx.db.select().from(webhookEndpoints);
    expect(left.map((row) => row.id)).toEqual([kept.id]);
    expect(
      await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, GONE)),
    ).toEqual([]);
  });
});
