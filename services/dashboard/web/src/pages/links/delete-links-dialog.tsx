import { useRef } from "preact/hooks";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { buildDeleteCodes } from "./build-bulk-bodies";
import { deleteLinks } from "./delete-links";
import { linkCount } from "./describe-bulk-outcome";
import type { BulkResult } from "./read-bulk-results";
import type { ShortUrl } from "./short-url";

interface DeleteLinksDialogProps {
  links: ShortUrl[];
  onCancel: () => void;
  /** The call answered: each link's own result (some may have been refused). */
  onDeleted: (results: BulkResult[]) => void;
}

/** Asks before deleting the selected links in one call (the shared confirmation dialog). */
export function DeleteLinksDialog({ links, onCancel, onDeleted }: DeleteLinksDialogProps) {
  const results = useRef<BulkResult[]>([]);
  return (
    <ConfirmDialog
      id="delete-links"
      title={`Delete ${linkCount(links.length)}?`}
      confirmLabel={`Delete ${linkCount(links.length)}`}
      pendingLabel="Deleting…"
      onConfirm={async () => {
        results.current = await deleteLinks(buildDeleteCodes(links));
      }}
      onCancel={onCancel}
      onDone={() => onDeleted(results.current)}
    >
      <p>{links.length === 1 ? "Its short URL stops" : "Their short URLs stop"} working at once.</p>
    </ConfirmDialog>
  );
}
