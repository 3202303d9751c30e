import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhook } from "../../src/endpoints/create-webhook";
import { deleteWebhook } from "../../src/endpoints/delete-webhook";
import { updateWebhook } from "../../src/endpoints/update-webhook";
import {
  createWebhookInputSchema,
  updateWebhookInputSchema,
} from "../../src/endpoints/webhook-input-schemas";
import { accountSubscriptions, SUBSCRIPTIONS_TTL_MS } from "../../src/events/account-subscriptions";
import { startDispatcherContext } from "../support/start-dispatcher-context";

/** The clock is real time plus an offset: "just before the TTL" leaves room for the test's own time. */
const MARGIN_MS = 1_000;

type Context = Awaited<ReturnType<typeof startDispatcherContext>>;
let t: Context;

beforeAll(async () => {
  t = await startDispatcherContext();
});
afterAll(async () => {
  await t.close();
});

const types = async (of: { typesOf(accountId: string): Promise<ReadonlySet<string>> }, account: string) =>
  [...(await of.typesOf(account))].sort();

describe("the consumer's view of an account's subscriptions", () => {
  it("applies a change at once in the replica that made it, and in another one after the TTL, not before", async () => {
    const account = "acct-subscriptions";
    // `t.ctx` is the replica the changes go through; `other` is a second dispatcher on the same
    // database, which learns of them only by reading again.
    const other = accountSubscriptions(t.ctx.db, t.clock);
    expect(await types(t.ctx.subscriptions, account)).toEqual([]);
    expect(await types(other, account)).toEqual([]);

    const { endpoint } = await createWebhook(
      t.ctx,
      account,
      createWebhookInputSchema.parse({ url: "http://127.0.0.1:9/hooks", event_types: ["link.clicked"] }),
    );
    expect(await types(t.ctx.subscriptions, account)).toEqual(["link.clicked"]);
    t.clock.advance(SUBSCRIPTIONS_TTL_MS - MARGIN_MS);
    expect(await types(other, account)).toEqual([]);
    t.clock.advance(MARGIN_MS);
    expect(await types(other, account)).toEqual(["link.clicked"]);

    await updateWebhook(
      t.ctx,
      account,
      endpoint.id,
      updateWebhookInputSchema.parse({ event_types: ["link.created", "qr.scanned"] }),
    );
    expect(await types(t.ctx.subscriptions, account)).toEqual(["link.created", "qr.scanned"]);
    t.clock.advance(SUBSCRIPTIONS_TTL_MS - MARGIN_MS);
    expect(await types(other, account)).toEqual(["link.clicked"]);
    t.clock.advance(MARGIN_MS);
    expect(await types(other, account)).toEqual(["link.created", "qr.scanned"]);

    // A disabled endpoint subscribes to nothing; a deleted one neither.
    await updateWebhook(t.ctx, account, endpoint.id, updateWebhookInputSchema.parse({ enabled: false }));
    expect(await types(t.ctx.subscriptions, account)).toEqual([]);
    t.clock.advance(SUBSCRIPTIONS_TTL_MS);
    expect(await types(other, account)).toEqual([]);
    await updateWebhook(t.ctx, account, endpoint.id, updateWebhookInputSchema.parse({ enabled: true }));
    t.clock.advance(SUBSCRIPTIONS_TTL_MS);
    expect(await types(other, account)).toEqual(["link.created", "qr.scanned"]);
    await deleteWebhook(t.ctx, account, endpoint.id);
    expect(await types(t.ctx.subscriptions, account)).toEqual([]);
    t.clock.advance(SUBSCRIPTIONS_TTL_MS - MARGIN_MS);
    expect(await types(other, account)).toEqual(["link.created", "qr.scanned"]);
    t.clock.advance(MARGIN_MS);
    expect(await types(other, account)).toEqual([]);
  });
});
