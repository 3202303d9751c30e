import { recordChange } from "@kurz/audit";
import { eq } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { webhookEndpoints } from "../db/schema";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import { generateWebhookSecret } from "../signing/generate-webhook-secret";
import type { WebhookContext } from "../webhook-context";
import type { CreatedWebhook } from "./create-webhook";
import { getWebhookOrThrow } from "./get-webhook-or-throw";

/** How long a rotated-out secret keeps signing beside the new one: receivers switch meanwhile. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * A new secret for the endpoint. The current one becomes the previous secret and signs beside
 * the new one for 24 h; a secret rotated out earlier is dropped now (two rotations within a day
 * keep only the latest two).
 */
export async function rotateWebhookSecret(
  ctx: WebhookContext,
  accountId: string,
  id: string,
): Promise<CreatedWebhook> {
  assertWebhooksIncluded(await ctx.allowances(accountId));
  const secret = generateWebhookSecret();
  const now = ctx.clock.now();
  const endpoint = await ctx.db.transaction(async (tx) => {
    const current = await getWebhookOrThrow(tx, accountId, id, { forUpdate: true });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: ctx.secrets.seal(secret),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    // The secrets never enter the log: the entry says a rotation happened, and when.
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: accountId,
      action: "webhook.secret_rotated",
      target: { type: "webhook", id: current.id },
      at: now,
    });
    return row!;
  });
  ctx.eventsWritten();
  ctx.logger.info(
    { event: "webhook.secret_rotated", accountId, endpointId: endpoint.id },
    "webhook secret rotated",
  );
  return { endpoint, secret };
}
