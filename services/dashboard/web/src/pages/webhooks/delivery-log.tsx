import { formatDateTime } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { DeliveryResponse } from "./delivery-response";
import { DeliveryStatus } from "./delivery-status";
import type { Delivery } from "./webhook";

interface DeliveryLogProps {
  deliveries: Delivery[];
  busy: boolean;
  /** The delivery being replayed, whose button says so. */
  replaying: string | null;
  onReplay: (delivery: Delivery) => void;
}

/** The endpoint's deliveries, newest first, each with its last attempt and a way to send it again. */
export function DeliveryLog({ deliveries, busy, replaying, onReplay }: DeliveryLogProps) {
  return (
    <div class="table-wrap">
      <table class="data-table webhook-deliveries" aria-busy={busy}>
        <caption class="visually-hidden">Deliveries</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" class="cell-number">
              Attempts
            </th>
            <th scope="col">Last response</th>
            <th scope="col" class="cell-number">
              Latency
            </th>
            <th scope="col">Time</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => {
            const eventId = `delivery-${delivery.id}`;
            const time = delivery.last_attempt?.attempted_at ?? delivery.created_at;
            return (
              <tr key={delivery.id}>
                <td data-label="Event" class="strong">
                  <span id={eventId}>{delivery.event_type}</span>
                  <p class="link-name break-anywhere" title="The webhook-id header">
                    {delivery.message_id}
                  </p>
                </td>
                <td data-label="Status">
                  <DeliveryStatus delivery={delivery} />
                </td>
                <td data-label="Attempts" class="cell-number">
                  {formatNumber(delivery.attempts)}
                </td>
                <td data-label="Last response" class="break-anywhere">
                  <DeliveryResponse delivery={delivery} />
                </td>
                <td data-label="Latency" class="cell-number">
                  {delivery.last_attempt ? `${formatNumber(delivery.last_attempt.latency_ms)} ms` : "—"}
                </td>
                <td data-label="Time">
                  <time dateTime={time}>{formatDateTime(time)}</time>
                </td>
                <td class="cell-actions">
                  <button
                    type="button"
                    class="button button-secondary button-small"
                    onClick={() => onReplay(delivery)}
                    aria-describedby={eventId}
                    aria-disabled={replaying === delivery.id ? true : undefined}
                  >
                    {replaying === delivery.id ? "Replaying…" : "Replay"}
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
