import { z } from "zod";
import { DISABLED_REASONS, type WebhookEndpointRow } from "../db/schema";

export const webhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  event_types: z.array(z.string()),
  link_ids: z.array(z.string()),
  disabled_reason: z
    .enum(DISABLED_REASONS)
    .nullable()
    .describe(
      "Why Kurz disabled it: gone (it answered 410), failing (every attempt failed for 5 days), secret (its signing secret can no longer be read: rotate it, then enable), plan (paused because the plan no longer includes it; resumed on an upgrade)",
    ),
  disabled_at: z.string().nullable(),
  failing_since: z.string().nullable().describe("Since when every attempt has failed; null while healthy"),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe("After a rotation, until when the previous secret still signs beside the new one"),
  created_at: z.string(),
  updated_at: z.string(),
  secret: z
    .string()
    .optional()
    .describe("The signing secret (whsec_…): only in the answers of create and rotate — store it then"),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** An endpoint as the REST API shows it; the secret only when just created or rotated. */
export function toWebhookView(row: WebhookEndpointRow, now: Date, secret?: string): WebhookView {
  const previousLive = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled: row.enabled,
    event_types: row.eventTypes,
    link_ids: row.linkIds,
    disabled_reason: row.disabledReason,
    disabled_at: iso(row.disabledAt),
    failing_since: iso(row.failingSince),
    previous_secret_expires_at: previousLive ? iso(row.previousSecretExpiresAt) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(secret === undefined ? {} : { secret }),
  };
}
