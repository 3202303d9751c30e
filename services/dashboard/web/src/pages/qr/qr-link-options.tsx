import { CheckboxField } from "../../components/checkbox-field";
import { TextField } from "../../components/text-field";
import { qrFieldId } from "./qr-draft";
import type { QrFieldsProps } from "./qr-fields-props";

interface QrLinkOptionsProps extends QrFieldsProps {
  /** The stored code being edited, if any: whether it encodes a short link, and has a password. */
  saved?: { hasLink: boolean; dynamic: boolean; passwordProtected: boolean } | undefined;
}

/**
 * Dynamic codes and password protection: both make the code encode a short link, which the API
 * offers for URL codes only. On a saved code, dynamic is fixed; the password can change.
 */
export function QrLinkOptions({ draft, errors, onChange, saved }: QrLinkOptionsProps) {
  if (draft.type !== "url") return null;
  if (saved && !saved.hasLink) return null;
  return (
    <fieldset class="fieldset">
      <legend>Short link</legend>
      {saved ? (
        <p class="fieldset-hint">
          {saved.dynamic
            ? "Dynamic: the code encodes a short link, so you can change the web address after printing."
            : "The code encodes a short link that asks for a password."}
        </p>
      ) : (
        <CheckboxField
          id={qrFieldId("dynamic")}
          label="Dynamic QR code"
          checked={draft.dynamic}
          onChecked={(checked) => onChange("dynamic", checked)}
          error={errors.get("dynamic")}
          hint="The code encodes a short link, so you can change the web address after printing and count scans."
        />
      )}
      <div class="field-grid qr-password-fields">
        <TextField
          id={qrFieldId("password")}
          label={saved?.passwordProtected ? "New password" : "Password"}
          type="password"
          value={draft.password}
          onValue={(value) => onChange("password", value)}
          error={errors.get("password")}
          hint={
            saved?.passwordProtected
              ? "Leave empty to keep the current password."
              : "People who scan must enter it first. 4 to 128 characters."
          }
          autoComplete="new-password"
          maxLength={128}
          disabled={draft.removePassword}
        />
      </div>
      {saved?.passwordProtected && (
        <CheckboxField
          id={qrFieldId("removePassword")}
          label="Remove the password"
          checked={draft.removePassword}
          onChecked={(checked) => onChange("removePassword", checked)}
          error={errors.get("removePassword")}
        />
      )}
    </fieldset>
  );
}
