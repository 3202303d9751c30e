import type { QrDraft, QrField } from "./qr-draft";

/** What every group of the designer's fields gets: the values, their errors, and a way to change one. */
export interface QrFieldsProps {
  draft: QrDraft;
  errors: Map<QrField, string>;
  onChange: <F extends QrField>(field: F, value: QrDraft[F]) => void;
}
