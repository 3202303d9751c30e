import type { JSX } from "preact";
import { useMemo, useState } from "preact/hooks";
import { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { TextField } from "../../components/text-field";
import { buildCreateQrBody, buildUpdateQrBody } from "./build-qr-bodies";
import { createQrCode } from "./create-qr-code";
import type { QrCode } from "./qr-code";
import { QrContentFields } from "./qr-content-fields";
import { draftFromQrCode, QR_FIELDS, type QrDraft, type QrField, qrFieldId } from "./qr-draft";
import { qrFieldErrorsOf } from "./qr-field-errors";
import { QrLinkOptions } from "./qr-link-options";
import { QrLogoField } from "./qr-logo-field";
import { QrPreview } from "./qr-preview";
import { QrStyleFields } from "./qr-style-fields";
import { QrTypeChooser } from "./qr-type-chooser";
import { typeLabel } from "./qr-types";
import { updateQrCode } from "./update-qr-code";

interface FormProblem {
  message: string;
  hint?: string | undefined;
}

interface QrDesignerProps {
  /** The stored code being edited; null for a new design. */
  saved: QrCode | null;
  /** Where a new design starts (empty, or a short link's URL). */
  initialDraft: QrDraft;
  onSaved: (code: QrCode, created: boolean) => void;
  onStartNew: () => void;
}

const focusFirstInvalid = (errors: Map<QrField, string>) => {
  const first = QR_FIELDS.find((field) => errors.has(field));
  if (first) document.getElementById(qrFieldId(first))?.focus();
};

const asApiError = (error: unknown) =>
  error instanceof ApiError
    ? error
    : new ApiError(0, { code: "UNEXPECTED", error: "The QR code could not be saved. Try again." });

/** Whether the form shows what the server last drew (the password and logo file aside). */
const sameLook = (a: QrDraft, b: QrDraft) =>
  JSON.stringify({ ...a, password: "", removePassword: false }) ===
  JSON.stringify({ ...b, password: "", removePassword: false });

/**
 * The designer: content type, content, look, logo and short-link options beside the server's
 * rendering. A new design is stored with "Save QR code"; a saved one is changed with "Save
 * changes" (its content only when it is dynamic), and every refusal of the API is shown next to
 * the field it names, or above the buttons when it names none.
 */
export function QrDesigner({ saved, initialDraft, onSaved, onStartNew }: QrDesignerProps) {
  const savedDraft = useMemo(() => (saved ? draftFromQrCode(saved) : null), [saved]);
  const [draft, setDraft] = useState<QrDraft>(savedDraft ?? initialDraft);
  const [errors, setErrors] = useState<Map<QrField, string>>(new Map());
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);
  const hasLink = Boolean(saved?.shortCode);
  const contentLocked = saved !== null && !saved.dynamic;

  const change = <F extends QrField>(field: F, value: QrDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblem(null);
    // The reader is fixing it: the old message no longer describes the value.
    if (errors.has(field)) {
      setErrors((current) => {
        const next = new Map(current);
        next.delete(field);
        return next;
      });
    }
  };

  const invalid = (found: Map<QrField, string>) => {
    setErrors(found);
    focusFirstInvalid(found);
  };

  const refused = (error: ApiError) => {
    const byField = qrFieldErrorsOf(error, draft.type);
    setErrors(byField);
    setProblem(
      byField.size > 0
        ? { message: "The QR code was not saved. Check the highlighted fields." }
        : { message: error.message, hint: error.hint },
    );
    focusFirstInvalid(byField);
  };

  /** Sends the design; the API's answer replaces the form's values (what it stored, normalised). */
  const send = async (): Promise<void> => {
    if (saved && savedDraft) {
      const built = buildUpdateQrBody(draft, savedDraft, hasLink);
      if (!built.ok) return invalid(built.errors);
      if (Object.keys(built.body).length === 0) {
        setProblem({ message: "Nothing has changed since the last save." });
        return;
      }
      const updated = await updateQrCode(saved.id, built.body);
      setDraft(draftFromQrCode(updated));
      setErrors(new Map());
      announce("QR code saved");
      onSaved(updated, false);
      return;
    }
    const built = buildCreateQrBody(draft);
    if (!built.ok) return invalid(built.errors);
    const created = await createQrCode(built.body);
    announce("QR code created");
    onSaved(created, true);
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    setPending(true);
    try {
      await send();
    } catch (error) {
      refused(asApiError(error));
    } finally {
      setPending(false);
    }
  };

  const changed = savedDraft !== null && !sameLook(draft, savedDraft);

  return (
    <div class="qr-designer">
      <form
        class="create-form qr-form"
        onSubmit={submit}
        noValidate
        aria-describedby={problem ? "qr-problem" : undefined}
      >
        <QrTypeChooser value={draft.type} onValue={(type) => change("type", type)} locked={saved !== null} />

        <fieldset class="fieldset" disabled={contentLocked} aria-describedby="qr-content-hint">
          <legend>Content: {typeLabel(draft.type)}</legend>
          <p id="qr-content-hint" class="fieldset-hint">
            {contentLocked
              ? "This code is static: its content is printed in it and cannot change. Create a new code for other content."
              : saved?.dynamic
                ? "Dynamic: change the web address at any time; the printed code stays the same."
                : "Exactly what a phone reads from the code."}
          </p>
          <div class="qr-stack">
            <QrContentFields draft={draft} errors={errors} onChange={change} />
          </div>
        </fieldset>

        <QrLinkOptions
          draft={draft}
          errors={errors}
          onChange={change}
          saved={
            saved
              ? { hasLink, dynamic: saved.dynamic, passwordProtected: saved.passwordProtected }
              : undefined
          }
        />

        <QrStyleFields draft={draft} errors={errors} onChange={change} />

        <fieldset class="fieldset">
          <legend>Logo and name</legend>
          <div class="qr-stack">
            <QrLogoField draft={draft} errors={errors} onChange={change} />
            <TextField
              id={qrFieldId("name")}
              label="Name"
              value={draft.name}
              onValue={(value) => change("name", value)}
              error={errors.get("name")}
              hint="Only you see it, in the list of codes."
              maxLength={200}
              autoComplete="off"
            />
          </div>
        </fieldset>

        {problem && (
          <div id="qr-problem" class="notice notice-error" role="alert">
            <p class="notice-title">{problem.message}</p>
            {problem.hint && <p class="notice-hint">{problem.hint}</p>}
          </div>
        )}
        <div class="form-actions">
          <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
            {saved ? "Save changes" : "Save QR code"}
          </button>
          {saved && (
            <button type="button" class="button button-ghost" onClick={onStartNew}>
              New QR code
            </button>
          )}
          <span class="form-pending" role="status">
            {pending ? "Saving…" : ""}
          </span>
        </div>
      </form>
      <QrPreview code={saved} changed={changed} draft={draft} />
    </div>
  );
}
