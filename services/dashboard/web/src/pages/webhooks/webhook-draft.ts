import { isEventType } from "./event-types";
import type { EventType, Webhook, WebhookBody } from "./webhook";

/** The endpoint form's values as typed; keys are the API's field names, so its errors map back. */
export interface WebhookDraft {
  url: string;
  description: string;
  event_types: ReadonlySet<EventType>;
  /** The links the endpoint is limited to; empty means every link. */
  link_ids: readonly string[];
}

export type WebhookField = keyof WebhookDraft;

export const WEBHOOK_FIELDS: readonly WebhookField[] = ["url", "description", "event_types", "link_ids"];

export const EMPTY_WEBHOOK_DRAFT: WebhookDraft = {
  url: "",
  description: "",
  event_types: new Set(),
  link_ids: [],
};

export const draftOfWebhook = (webhook: Webhook): WebhookDraft => ({
  url: webhook.url,
  description: webhook.description,
  event_types: new Set(webhook.event_types.filter(isEventType)),
  link_ids: webhook.link_ids,
});

const parses = (url: string) => {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
};

export type BuiltWebhookBody =
  | { ok: true; body: WebhookBody }
  | { ok: false; errors: Map<WebhookField, string> };

/**
 * The call's body, after the checks the page can make itself. Whether the URL is https and
 * public is the API's to say (it resolves the name): its refusal is shown at the field.
 */
export function buildWebhookBody(draft: WebhookDraft): BuiltWebhookBody {
  const errors = new Map<WebhookField, string>();
  const url = draft.url.trim();
  if (url === "") errors.set("url", "Enter the URL that receives the events");
  else if (!parses(url)) errors.set("url", "Enter a full URL, like https://example.com/hooks/kurz");
  if (draft.event_types.size === 0) errors.set("event_types", "Choose at least one event");
  if (errors.size > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      url,
      description: draft.description.trim(),
      event_types: [...draft.event_types],
      link_ids: [...draft.link_ids],
    },
  };
}
