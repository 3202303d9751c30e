import { ConfirmDialog } from "../../components/confirm-dialog";
import { deleteLink } from "./delete-link";
import type { ShortUrl } from "./short-url";

interface DeleteLinkDialogProps {
  link: ShortUrl;
  onCancel: () => void;
  onDeleted: (link: ShortUrl) => void;
}

/** Asks before deleting a link (the shared confirmation: focus on Cancel, Escape cancels). */
export function DeleteLinkDialog({ link, onCancel, onDeleted }: DeleteLinkDialogProps) {
  return (
    <ConfirmDialog
      id="delete-link"
      title="Delete this link?"
      confirmLabel="Delete link"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        await deleteLink(link);
      }}
      onCancel={onCancel}
      onDone={() => onDeleted(link)}
    >
      <p>
        <span class="short-url break-anywhere">{link.shortUrl}</span> will stop working for everyone who has
        it.
      </p>
    </ConfirmDialog>
  );
}
