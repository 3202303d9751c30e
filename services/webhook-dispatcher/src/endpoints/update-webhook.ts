import { recordChange } from "@kurz/audit";
import { eq } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { type WebhookEndpointRow, webhookEndpoints } from "../db/schema";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";
import { assertEnabledAllowance } from "./assert-enabled-allowance";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { lockAccountEndpoints } from "./lock-account-endpoints";
import { webhookAuditFields } from "./webhook-audit-fields";
import type { UpdateWebhookInput } from "./webhook-input-schemas";

/**
 * Changes an endpoint. A new URL is checked as on create. `enabled: true` also re-enables an
 * endpoint Kurz disabled: its reason and failing clock are cleared, and its deliveries wait for
 * a recover call (replaying days of events unasked could flood the receiver).
 *
 * Disabling alone (`enabled: false`, nothing else but a description) works on any plan: an
 * account that lost webhooks can still stop what it set up. Every other change needs a plan with
 * webhooks, and re-enabling needs room among the plan's enabled endpoints (QUOTA_EXCEEDED): after
 * a downgrade to fewer endpoints, the account chooses which ones run.
 */
export async function updateWebhook(
  ctx: WebhookContext,
  accountId: string,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointRow> {
  const onlyDisables =
    input.enabled === false &&
    input.url === undefined &&
    input.event_types === undefined &&
    input.link_ids === undefined;
  const allowance = onlyDisables ? undefined : await ctx.allowances(accountId);
  if (allowance) assertWebhooksIncluded(allowance);
  const url = input.url === undefined ? undefined : await ctx.checkUrl(input.url);
  const updated = await ctx.db.transaction(async (tx) => {
    // The account's lock before the row's, in the order creates and plan changes take them.
    await lockAccountEndpoints(tx, accountId);
    const current = await getWebhookOrThrow(tx, accountId, id, { forUpdate: true });
    const reEnabled = input.enabled === true && !current.enabled;
    if (reEnabled && allowance) await assertEnabledAllowance(tx, accountId, allowance);
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
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: accountId,
      action: "webhook.updated",
      target: { type: "webhook", id: current.id },
      before: webhookAuditFields(current),
      after: webhookAuditFields(row!),
      at: ctx.clock.now(),
    });
    return row!;
  });
  ctx.eventsWritten();
  ctx.subscriptions.forget(accountId);
  return updated;
}
