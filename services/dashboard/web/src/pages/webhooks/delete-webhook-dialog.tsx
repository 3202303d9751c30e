import { ConfirmDialog } from "../../components/confirm-dialog";
import { deleteWebhook } from "./delete-webhook";
import type { Webhook } from "./webhook";

interface DeleteWebhookDialogProps {
  webhook: Webhook;
  onCancel: () => void;
  onDeleted: (webhook: Webhook) => void;
}

/** Asks before deleting an endpoint, saying that its delivery log goes with it. */
export function DeleteWebhookDialog({ webhook, onCancel, onDeleted }: DeleteWebhookDialogProps) {
  return (
    <ConfirmDialog
      id="delete-webhook"
      title="Delete this webhook endpoint?"
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting…"
      onConfirm={() => deleteWebhook(webhook.id)}
      onCancel={onCancel}
      onDone={() => onDeleted(webhook)}
    >
      <p>
        <span class="strong break-anywhere">{webhook.url}</span> stops receiving events at once, and its
        delivery log is deleted with it. Deliveries still queued are not sent.
      </p>
    </ConfirmDialog>
  );
}
