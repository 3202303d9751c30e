import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../api/api-error";
import { deleteQrCode } from "./delete-qr-code";
import type { QrCode } from "./qr-code";
import { qrTitle } from "./qr-title";

interface DeleteQrDialogProps {
  code: QrCode;
  onCancel: () => void;
  onDeleted: (code: QrCode) => void;
}

/**
 * Asks before deleting. A modal <dialog>: the rest of the page is inert, focus starts on
 * "Cancel" (the safe choice), Escape cancels, and focus goes back to the row's Delete button.
 */
export function DeleteQrDialog({ code, onCancel, onDeleted }: DeleteQrDialogProps) {
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
      await deleteQrCode(code);
      deleted.current = true;
      onDeleted(code);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure
          : new ApiError(0, { code: "UNEXPECTED", error: "The QR code could not be deleted. Try again." }),
      );
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="delete-qr-title"
      aria-describedby="delete-qr-text"
      // Escape (the cancel event) and any other close end the dialog the same way.
      onClose={onCancel}
    >
      <h2 id="delete-qr-title">Delete this QR code?</h2>
      <p id="delete-qr-text">
        <span class="strong break-anywhere">{qrTitle(code)}</span>{" "}
        {code.shortUrl
          ? "and its short link will stop working: printed copies will lead nowhere."
          : "will be removed from your list. Printed copies keep working: they hold their content themselves."}
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
          {pending ? "Deleting…" : "Delete QR code"}
        </button>
      </div>
    </dialog>
  );
}
