import { CheckboxField } from "../../components/checkbox-field";
import { TextField } from "../../components/text-field";
import { type CreateLinkDraft, type DraftField, fieldId } from "./create-link-draft";

interface LinkOptionsFieldsProps {
  draft: CreateLinkDraft;
  errors: Map<DraftField, string>;
  onChange: <F extends DraftField>(field: F, value: CreateLinkDraft[F]) => void;
  /** The id of a field's control: the edit dialog's differ from the create form's on the same page. */
  idOf?: (field: DraftField) => string;
  /** Fields left out (the edit dialog: a static link cannot become dynamic). */
  omit?: readonly DraftField[];
  passwordLabel?: string;
}

/** Protection, expiry and behaviour of the new link. */
export function LinkOptionsFields({
  draft,
  errors,
  onChange,
  idOf = fieldId,
  omit = [],
  passwordLabel = "Password",
}: LinkOptionsFieldsProps) {
  return (
    <fieldset class="fieldset">
      <legend>Link options</legend>
      <div class="field-grid">
        <TextField
          id={idOf("password")}
          label={passwordLabel}
          type="password"
          value={draft.password}
          onValue={(value) => onChange("password", value)}
          error={errors.get("password")}
          hint="Visitors must enter it before they are sent on. 4 to 128 characters."
          autoComplete="new-password"
          maxLength={128}
        />
        <TextField
          id={idOf("expires_at")}
          label="Expires at"
          type="datetime-local"
          value={draft.expires_at}
          onValue={(value) => onChange("expires_at", value)}
          error={errors.get("expires_at")}
          hint="Your local time. After it, the link stops redirecting."
        />
        <TextField
          id={idOf("max_clicks")}
          label="Click limit"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.max_clicks}
          onValue={(value) => onChange("max_clicks", value)}
          error={errors.get("max_clicks")}
          hint="The link stops redirecting after this many clicks."
        />
        <TextField
          id={idOf("expired_url")}
          label="After expiry, send visitors to"
          type="url"
          inputMode="url"
          value={draft.expired_url}
          onValue={(value) => onChange("expired_url", value)}
          error={errors.get("expired_url")}
          placeholder="https://"
          autoComplete="url"
        />
      </div>
      <div class="checkbox-group">
        {!omit.includes("is_dynamic") && (
          <CheckboxField
            id={idOf("is_dynamic")}
            label="Dynamic link"
            checked={draft.is_dynamic}
            onChecked={(checked) => onChange("is_dynamic", checked)}
            error={errors.get("is_dynamic")}
            hint="Its destination can be changed later (redirects with 302)."
          />
        )}
        <CheckboxField
          id={idOf("tracking_enabled")}
          label="Track clicks"
          checked={draft.tracking_enabled}
          onChecked={(checked) => onChange("tracking_enabled", checked)}
          error={errors.get("tracking_enabled")}
          hint="Count clicks and record where they come from."
        />
        <CheckboxField
          id={idOf("conversion_tracking")}
          label="Conversion tracking"
          checked={draft.conversion_tracking}
          onChecked={(checked) => onChange("conversion_tracking", checked)}
          error={errors.get("conversion_tracking")}
          hint="Adds a click id to the destination so your site can report conversions."
        />
      </div>
    </fieldset>
  );
}
