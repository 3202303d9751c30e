import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../api/api-error";
import { deleteLink } from "./delete-link";
import type { ShortUrl } from "./short-url";

interface DeleteLinkDialogProps {
  link: ShortUrl;
  onCancel: () => void;
  onDeleted: (link: ShortUrl) => void;
}

/**
 * Asks before deleting. A modal <dialog>: the rest of the page is inert, focus starts on
 * "Cancel" (the safe choice), Escape cancels, and focus goes back to the row's Delete button.
 */
export function DeleteLinkDialog({ link, onCancel, onDeleted }: DeleteLinkDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const deleted = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    cancel.current?.focus();
    return () => {
      element.close();
      // Cancelled: back to the button that opened it. Deleted: that row is going, the page decides.
      if (!deleted.current && opener?.isConnected) opener.focus();
    };
  }, []);

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await deleteLink(link);
      deleted.current = true;
      onDeleted(link);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure
          : new ApiError(0, { code: "UNEXPECTED", error: "The link could not be deleted. Try again." }),
      );
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="delete-link-title"
      aria-describedby="delete-link-text"
      // Escape (the cancel event) and any other close end the dialog the same way.
      onClose={onCancel}
    >
      <h2 id="delete-link-title">Delete this link?</h2>
      <p id="delete-link-text">
        <span class="short-url break-anywhere">{link.shortUrl}</span> will stop working for everyone who has
        it.
      </p>
      {error && (
        <div class="notice notice-error" role="alert">
          <p>{error.message}</p>
          {error.hint && <p class="notice-hint">{error.hint}</p>}
        </div>
      )}
      <div class="dialog-actions">
        <button ref={cancel} type="button" class="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          class="button button-danger"
          onClick={confirm}
          aria-disabled={pending ? true : undefined}
        >
          {pending ? "Deleting…" : "Delete link"}
        </button>
      </div>
    </dialog>
  );
}
