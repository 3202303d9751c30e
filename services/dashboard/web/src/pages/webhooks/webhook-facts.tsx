import { formatDateTime } from "../../components/format-date";
import { EventTypeList } from "./event-type-list";
import { FilteredLinks } from "./filtered-links";
import type { Webhook } from "./webhook";
import { WebhookStatus } from "./webhook-status";

/** What an endpoint is: its status, events, link filter and dates. */
export function WebhookFacts({ webhook }: { webhook: Webhook }) {
  return (
    <dl class="facts webhook-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <WebhookStatus webhook={webhook} />
        </dd>
      </div>
      <div>
        <dt>Events</dt>
        <dd>
          <EventTypeList types={webhook.event_types} />
        </dd>
      </div>
      <div>
        <dt>Links</dt>
        <dd>
          <FilteredLinks ids={webhook.link_ids} />
        </dd>
      </div>
      {webhook.previous_secret_expires_at && (
        <div>
          <dt>Previous secret</dt>
          <dd>
            Still signs until{" "}
            <time dateTime={webhook.previous_secret_expires_at}>
              {formatDateTime(webhook.previous_secret_expires_at)}
            </time>
          </dd>
        </div>
      )}
      <div>
        <dt>Created</dt>
        <dd>
          <time dateTime={webhook.created_at}>{formatDateTime(webhook.created_at)}</time>
        </dd>
      </div>
    </dl>
  );
}
