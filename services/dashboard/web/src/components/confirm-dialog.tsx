import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../api/api-error";
import { asApiError } from "./as-api-error";

interface ConfirmDialogProps {
  /** Prefix of the dialog's element ids; unique on the page. */
  id: string;
  title: string;
  /** What will happen, read as the dialog's description. */
  children: ComponentChildren;
  confirmLabel: string;
  pendingLabel: string;
  /** Does the irreversible thing; a throw keeps the dialog open with the API's message. */
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  /** After onConfirm succeeded; the page moves the focus (the opener may be gone). */
  onDone: () => void;
}

/**
 * Asks before something that cannot be undone, like the links page's delete dialog: a modal
 * <dialog>, focus on "Cancel" (the safe choice), Escape cancels, focus back to the opener.
 */
export function ConfirmDialog({
  id,
  title,
  children,
  confirmLabel,
  pendingLabel,
  onConfirm,
  onCancel,
  onDone,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const done = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    cancel.current?.focus();
    return () => {
      element.close();
      if (!done.current && opener?.isConnected) opener.focus();
    };
  }, []);

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      done.current = true;
      onDone();
    } catch (failure) {
      setError(asApiError(failure, `${confirmLabel} failed. Try again.`));
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Escape (the cancel event) and any other close end the dialog the same way.
      onClose={() => {
        if (!done.current) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
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
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
