import { eq } from "drizzle-orm";
import { type WebhookEndpointRow, webhookEndpoints } from "../db/schema";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import type { UpdateWebhookInput } from "./webhook-input-schemas";

/**
 * Changes an endpoint. A new URL is checked as on create. `enabled: true` also re-enables an
 * endpoint Kurz disabled: its reason and failing clock are cleared, and its deliveries wait for
 * a recover call (replaying days of events unasked could flood the receiver).
 */
export async function updateWebhook(
  ctx: WebhookContext,
  accountId: string,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointRow> {
  assertWebhooksIncluded(await ctx.allowances(accountId));
  const url = input.url === undefined ? undefined : await ctx.checkUrl(input.url);
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await getWebhookOrThrow(tx, accountId, id, { forUpdate: true });
    const reEnabled = input.enabled === true && !current.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.event_types === undefined ? {} : { eventTypes: input.event_types }),
        ...(input.link_ids === undefined ? {} : { linkIds: input.link_ids }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(reEnabled || input.enabled === false
          ? { disabledReason: null, disabledAt: null, failingSince: null }
          : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    return row!;
  });
  ctx.subscriptions.forget(accountId);
  return updated;
}
