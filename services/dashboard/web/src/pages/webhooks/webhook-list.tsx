import { AppLink } from "../../components/app-link";
import { EventTypeList } from "./event-type-list";
import type { Webhook } from "./webhook";
import { webhookHref } from "./webhook-href";
import { WebhookStatus } from "./webhook-status";

interface WebhookListProps {
  webhooks: Webhook[];
  busy: boolean;
  onDelete: (webhook: Webhook) => void;
}

/** The endpoints of the current page; each URL opens the endpoint's own view with its deliveries. */
export function WebhookList({ webhooks, busy, onDelete }: WebhookListProps) {
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
        <caption class="visually-hidden">Your webhook endpoints</caption>
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Status</th>
            <th scope="col">Events</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook) => {
            const urlId = `webhook-url-${webhook.id}`;
            return (
              <tr key={webhook.id}>
                <td data-label="Endpoint" class="strong break-anywhere">
                  <AppLink id={urlId} href={webhookHref(webhook.id)}>
                    {webhook.url}
                  </AppLink>
                  {webhook.description && <p class="link-name">{webhook.description}</p>}
                  {webhook.link_ids.length > 0 && (
                    <p class="link-name">
                      Only {webhook.link_ids.length} {webhook.link_ids.length === 1 ? "link" : "links"}
                    </p>
                  )}
                </td>
                <td data-label="Status">
                  <WebhookStatus webhook={webhook} />
                </td>
                <td data-label="Events">
                  <EventTypeList types={webhook.event_types} />
                </td>
                <td class="cell-actions">
                  <button
                    type="button"
                    class="button button-danger button-small"
                    onClick={() => onDelete(webhook)}
                    aria-describedby={urlId}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
