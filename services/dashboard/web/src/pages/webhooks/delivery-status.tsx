import { formatDateTime } from "../../components/format-date";
import type { Delivery } from "./webhook";

/** Where a delivery stands: delivered, failed for good, being sent, retrying (and when), or queued. */
export function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  if (delivery.status === "succeeded") return <span class="badge badge-verified">Delivered</span>;
  if (delivery.status === "failed") return <span class="badge badge-failed">Failed</span>;
  // Its next_attempt_at is the end of the worker's hold, not a time worth showing.
  if (delivery.in_flight) return <span class="badge badge-pending">Sending</span>;
  if (delivery.attempts === 0) return <span class="badge badge-pending">Queued</span>;
  return (
    <span class="webhook-status">
      <span class="badge badge-warn">Retrying</span>
      {delivery.next_attempt_at && (
        <span class="webhook-status-detail">
          Next attempt{" "}
          <time dateTime={delivery.next_attempt_at}>{formatDateTime(delivery.next_attempt_at)}</time>
        </span>
      )}
    </span>
  );
}
