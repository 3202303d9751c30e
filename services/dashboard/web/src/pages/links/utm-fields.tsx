import { TextField } from "../../components/text-field";
import { type CreateLinkDraft, type DraftField, fieldId } from "./create-link-draft";

const UTM = [
  { field: "utm_source", label: "UTM source", placeholder: "newsletter" },
  { field: "utm_medium", label: "UTM medium", placeholder: "email" },
  { field: "utm_campaign", label: "UTM campaign", placeholder: "spring-sale" },
  { field: "utm_term", label: "UTM term", placeholder: "" },
  { field: "utm_content", label: "UTM content", placeholder: "" },
] as const;

interface UtmFieldsProps {
  draft: CreateLinkDraft;
  errors: Map<DraftField, string>;
  onChange: (field: DraftField, value: string) => void;
  /** The id of a field's control: the edit dialog's differ from the create form's on the same page. */
  idOf?: (field: DraftField) => string;
}

/** What visitors will land on: the destination with the filled UTM parameters added. */
function withUtm(draft: CreateLinkDraft): string | undefined {
  const filled = UTM.filter(({ field }) => draft[field].trim() !== "");
  if (filled.length === 0) return undefined;
  try {
    const url = new URL(draft.url.trim());
    for (const { field } of filled) url.searchParams.set(field, draft[field].trim());
    return url.toString();
  } catch {
    return undefined;
  }
}

/** The UTM builder: the API takes each parameter as its own field and merges them into the destination. */
export function UtmFields({ draft, errors, onChange, idOf = fieldId }: UtmFieldsProps) {
  const preview = withUtm(draft);
  return (
    <fieldset class="fieldset">
      <legend>UTM parameters</legend>
      <p class="fieldset-hint">
        Tag the destination so your analytics tool can tell where visitors came from.
      </p>
      <div class="field-grid">
        {UTM.map(({ field, label, placeholder }) => (
          <TextField
            key={field}
            id={idOf(field)}
            label={label}
            value={draft[field]}
            onValue={(value) => onChange(field, value)}
            error={errors.get(field)}
            placeholder={placeholder || undefined}
            maxLength={200}
            autoComplete="off"
          />
        ))}
      </div>
      {preview && (
        <p class="utm-preview">
          <span class="utm-preview-label">Visitors land on</span>{" "}
          <span class="break-anywhere">{preview}</span>
        </p>
      )}
    </fieldset>
  );
}
