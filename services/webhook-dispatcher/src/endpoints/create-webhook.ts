import { randomUUID } from "node:crypto";
import { recordChange } from "@kurz/audit";
import { SERVICE_NAME } from "../config";
import { type WebhookEndpointRow, webhookEndpoints } from "../db/schema";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import { generateWebhookSecret } from "../signing/generate-webhook-secret";
import type { WebhookContext } from "../webhook-context";
import { assertEndpointAllowance } from "./assert-endpoint-allowance";
import { webhookAuditFields } from "./webhook-audit-fields";
import type { CreateWebhookInput } from "./webhook-input-schemas";

/** A new endpoint and its secret in plain text: the only time the caller sees it. */
export interface CreatedWebhook {
  endpoint: WebhookEndpointRow;
  secret: string;
}

/**
 * Creates an endpoint: plan first (PLAN_REQUIRED, QUOTA_EXCEEDED), then the URL (https, public
 * now), then one insert — nothing is half-created when any check refuses.
 */
export async function createWebhook(
  ctx: WebhookContext,
  accountId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  const allowance = await ctx.allowances(accountId);
  assertWebhooksIncluded(allowance);
  const url = await ctx.checkUrl(input.url);
  const secret = generateWebhookSecret();
  const now = ctx.clock.now();
  const endpoint = await ctx.db.transaction(async (tx) => {
    await assertEndpointAllowance(tx, accountId, allowance);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: randomUUID(),
        accountId,
        url,
        description: input.description,
        enabled: input.enabled,
        eventTypes: input.event_types,
        linkIds: input.link_ids,
        secretSealed: ctx.secrets.seal(secret),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: accountId,
      action: "webhook.created",
      target: { type: "webhook", id: row!.id },
      after: webhookAuditFields(row!),
      at: now,
    });
    return row!;
  });
  ctx.eventsWritten();
  ctx.subscriptions.forget(accountId);
  ctx.logger.info(
    { event: "webhook.endpoint_created", accountId, endpointId: endpoint.id },
    "webhook endpoint created",
  );
  return { endpoint, secret };
}
