import { ConfirmDialog } from "../../components/confirm-dialog";
import { deleteQrCode } from "./delete-qr-code";
import type { QrCode } from "./qr-code";
import { qrTitle } from "./qr-title";

interface DeleteQrDialogProps {
  code: QrCode;
  onCancel: () => void;
  onDeleted: (code: QrCode) => void;
}

/** Asks before deleting a QR code, saying what happens to printed copies. */
export function DeleteQrDialog({ code, onCancel, onDeleted }: DeleteQrDialogProps) {
  return (
    <ConfirmDialog
      id="delete-qr"
      title="Delete this QR code?"
      confirmLabel="Delete QR code"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        await deleteQrCode(code);
      }}
      onCancel={onCancel}
      onDone={() => onDeleted(code)}
    >
      <p>
        <span class="strong break-anywhere">{qrTitle(code)}</span>{" "}
        {code.shortUrl
          ? "and its short link will stop working: printed copies will lead nowhere."
          : "will be removed from your list. Printed copies keep working: they hold their content themselves."}
      </p>
    </ConfirmDialog>
  );
}
