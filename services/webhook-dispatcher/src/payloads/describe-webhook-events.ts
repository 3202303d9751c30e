import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "./webhook-event-types";
import { webhookExampleBody, webhookPayloadJsonSchema } from "./webhook-payload-schemas";

/** One event type as the public docs show it. */
export interface DescribedWebhookEvent {
  type: WebhookEventType;
  description: string;
  /** The body's JSON Schema (draft 2020-12, `$id` kurz.webhook.<type>.v<n>). */
  schema: Record<string, unknown>;
  example: unknown;
}

/** Every event type with its schema and an example: what the OpenAPI document's `webhooks` lists. */
export function describeWebhookEvents(): DescribedWebhookEvent[] {
  return WEBHOOK_EVENT_TYPES.map((type) => ({
    type,
    description: WEBHOOK_EVENT_DESCRIPTIONS[type],
    schema: webhookPayloadJsonSchema(type),
    example: webhookExampleBody(type),
  }));
}
