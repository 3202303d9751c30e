import { TextField } from "../../components/text-field";
import { TextareaField } from "../../components/textarea-field";
import { type QrField, qrFieldId } from "./qr-draft";
import type { QrFieldsProps } from "./qr-fields-props";

type VcardTextField = Extract<QrField, `vcard${string}`>;

const PERSON: { field: VcardTextField; label: string; type?: string; autoComplete: string }[] = [
  { field: "vcardFirstName", label: "First name", autoComplete: "off" },
  { field: "vcardLastName", label: "Last name", autoComplete: "off" },
  { field: "vcardOrganization", label: "Organisation", autoComplete: "off" },
  { field: "vcardTitle", label: "Job title", autoComplete: "off" },
  { field: "vcardPhone", label: "Phone number", type: "tel", autoComplete: "off" },
  { field: "vcardEmail", label: "E-mail address", type: "email", autoComplete: "off" },
  { field: "vcardUrl", label: "Website", type: "url", autoComplete: "off" },
];

const ADDRESS: { field: VcardTextField; label: string }[] = [
  { field: "vcardStreet", label: "Street" },
  { field: "vcardCity", label: "City" },
  { field: "vcardRegion", label: "Region or state" },
  { field: "vcardPostalCode", label: "Postal code" },
  { field: "vcardCountry", label: "Country" },
];

/** A contact card (vCard 3.0): the API needs a first name, last name or organisation. */
export function VcardFields({ draft, errors, onChange }: QrFieldsProps) {
  const field = ({ field, label, type, autoComplete }: (typeof PERSON)[number]) => (
    <TextField
      key={field}
      id={qrFieldId(field)}
      label={label}
      type={type ?? "text"}
      value={draft[field]}
      onValue={(value) => onChange(field, value)}
      error={errors.get(field)}
      maxLength={200}
      autoComplete={autoComplete}
      hint={field === "vcardFirstName" ? "A first name, last name or organisation is needed." : undefined}
    />
  );
  return (
    <>
      <div class="field-grid">{PERSON.map(field)}</div>
      <fieldset class="fieldset qr-subfieldset">
        <legend>Address</legend>
        <div class="field-grid">{ADDRESS.map((entry) => field({ ...entry, autoComplete: "off" }))}</div>
      </fieldset>
      <TextareaField
        id={qrFieldId("vcardNote")}
        label="Note"
        value={draft.vcardNote}
        onValue={(value) => onChange("vcardNote", value)}
        error={errors.get("vcardNote")}
        maxLength={500}
      />
    </>
  );
}
