import { buildQrContent } from "./build-qr-content";
import { checkColors } from "./color-contrast";
import type { CreateQrBody, UpdateQrBody } from "./qr-code";
import type { QrDraft, QrField } from "./qr-draft";

type Built<B> = { ok: true; body: B } | { ok: false; errors: Map<QrField, string> };

/** The look of the code, checked as the API would: whole numbers in range, colours a scanner can read. */
function buildStyle(draft: QrDraft, errors: Map<QrField, string>) {
  const size = Number(draft.size);
  if (!Number.isInteger(size) || size < 100 || size > 2000) {
    errors.set("size", "Enter a whole number of pixels from 100 to 2000");
  }
  const margin = Number(draft.margin);
  if (!Number.isInteger(margin) || margin < 1 || margin > 10) {
    errors.set("margin", "Enter a whole number of modules from 1 to 10");
  }
  const colors = checkColors(draft.foregroundColor, draft.backgroundColor);
  if (colors.kind === "inverted") {
    errors.set(
      "foregroundColor",
      "Choose a foreground darker than the background: scanners expect dark on light",
    );
  } else if (colors.kind === "too-low") {
    errors.set("foregroundColor", "Choose colours further apart: scanners need a contrast of at least 3:1");
  }
  return {
    size,
    margin,
    foregroundColor: draft.foregroundColor,
    backgroundColor: draft.backgroundColor,
    errorCorrection: draft.errorCorrection,
    moduleShape: draft.moduleShape,
    finderShape: draft.finderShape,
  };
}

function checkPassword(password: string, errors: Map<QrField, string>) {
  if (password.length < 4 || password.length > 128) errors.set("password", "Use 4 to 128 characters");
}

/** The create call's body; dynamic and password only for URL codes, as the API allows. */
export function buildCreateQrBody(draft: QrDraft): Built<CreateQrBody> {
  const content = buildQrContent(draft);
  const errors = content.ok ? new Map<QrField, string>() : content.errors;
  const body: CreateQrBody = { type: draft.type, content: content.ok ? content.content : "" };
  Object.assign(body, buildStyle(draft, errors));
  const name = draft.name.trim();
  if (name) body.name = name;
  if (draft.type === "url") {
    if (draft.dynamic) body.dynamic = true;
    if (draft.password) {
      checkPassword(draft.password, errors);
      body.password = draft.password;
    }
  }
  if (draft.logo.kind === "new") body.logo = draft.logo.dataUrl;
  return errors.size > 0 ? { ok: false, errors } : { ok: true, body };
}

const STYLE_FIELDS = [
  "size",
  "margin",
  "foregroundColor",
  "backgroundColor",
  "errorCorrection",
  "moduleShape",
  "finderShape",
] as const;

/**
 * The update call's body: only what changed since the code was loaded. The content goes only for
 * a dynamic code (the API refuses it for the others: their content is printed in them).
 */
export function buildUpdateQrBody(draft: QrDraft, saved: QrDraft, hasLink: boolean): Built<UpdateQrBody> {
  const errors = new Map<QrField, string>();
  const body: UpdateQrBody = {};
  const style = buildStyle(draft, errors);
  for (const field of STYLE_FIELDS) {
    if (draft[field] !== saved[field]) Object.assign(body, { [field]: style[field] });
  }
  if (draft.name.trim() !== saved.name.trim()) body.name = draft.name.trim();
  if (draft.dynamic) {
    const content = buildQrContent(draft);
    const before = buildQrContent(saved);
    if (!content.ok) for (const [field, message] of content.errors) errors.set(field, message);
    else if (!before.ok || JSON.stringify(content.content) !== JSON.stringify(before.content)) {
      body.content = content.content;
    }
  }
  if (hasLink) {
    if (draft.removePassword) body.password = null;
    else if (draft.password) {
      checkPassword(draft.password, errors);
      body.password = draft.password;
    }
  }
  if (draft.logo.kind === "new") body.logo = draft.logo.dataUrl;
  else if (draft.logo.kind === "none" && saved.logo.kind === "stored") body.logo = null;
  return errors.size > 0 ? { ok: false, errors } : { ok: true, body };
}
