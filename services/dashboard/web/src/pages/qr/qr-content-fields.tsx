import { TextField } from "../../components/text-field";
import { TextareaField } from "../../components/textarea-field";
import { qrFieldId } from "./qr-draft";
import type { QrFieldsProps } from "./qr-fields-props";
import { VcardFields } from "./vcard-fields";
import { WifiFields } from "./wifi-fields";

const PHONE_HINT = "With the country code, e.g. +49 30 1234567.";

/** The inputs of the chosen content type: exactly the fields the API takes for it. */
export function QrContentFields({ draft, errors, onChange }: QrFieldsProps) {
  const props = { draft, errors, onChange };
  switch (draft.type) {
    case "url":
      return (
        <TextField
          id={qrFieldId("url")}
          label="Web address"
          type="url"
          inputMode="url"
          required
          value={draft.url}
          onValue={(value) => onChange("url", value)}
          error={errors.get("url")}
          placeholder="https://example.com/menu"
          autoComplete="url"
          maxLength={4096}
        />
      );
    case "text":
      return (
        <TextareaField
          id={qrFieldId("text")}
          label="Text"
          required
          value={draft.text}
          onValue={(value) => onChange("text", value)}
          error={errors.get("text")}
          hint="Up to 2000 characters. Shorter text gives a simpler code."
          maxLength={2000}
        />
      );
    case "phone":
      return (
        <TextField
          id={qrFieldId("phone")}
          label="Phone number"
          type="tel"
          required
          value={draft.phone}
          onValue={(value) => onChange("phone", value)}
          error={errors.get("phone")}
          hint={PHONE_HINT}
          autoComplete="off"
        />
      );
    case "wifi":
      return <WifiFields {...props} />;
    case "vcard":
      return <VcardFields {...props} />;
    case "email":
      return (
        <div class="qr-stack">
          <TextField
            id={qrFieldId("emailTo")}
            label="To"
            type="email"
            required
            value={draft.emailTo}
            onValue={(value) => onChange("emailTo", value)}
            error={errors.get("emailTo")}
            placeholder="name@example.com"
            autoComplete="off"
          />
          <TextField
            id={qrFieldId("emailSubject")}
            label="Subject"
            value={draft.emailSubject}
            onValue={(value) => onChange("emailSubject", value)}
            error={errors.get("emailSubject")}
            maxLength={200}
            autoComplete="off"
          />
          <TextareaField
            id={qrFieldId("emailBody")}
            label="Message"
            value={draft.emailBody}
            onValue={(value) => onChange("emailBody", value)}
            error={errors.get("emailBody")}
            maxLength={1000}
          />
        </div>
      );
    case "sms":
      return (
        <div class="qr-stack">
          <TextField
            id={qrFieldId("smsNumber")}
            label="Phone number"
            type="tel"
            required
            value={draft.smsNumber}
            onValue={(value) => onChange("smsNumber", value)}
            error={errors.get("smsNumber")}
            hint={PHONE_HINT}
            autoComplete="off"
          />
          <TextareaField
            id={qrFieldId("smsMessage")}
            label="Message"
            value={draft.smsMessage}
            onValue={(value) => onChange("smsMessage", value)}
            error={errors.get("smsMessage")}
            maxLength={500}
          />
        </div>
      );
    case "location":
      return (
        <div class="field-grid">
          <TextField
            id={qrFieldId("latitude")}
            label="Latitude"
            inputMode="decimal"
            required
            value={draft.latitude}
            onValue={(value) => onChange("latitude", value)}
            error={errors.get("latitude")}
            hint="-90 to 90; north is positive."
            placeholder="52.5200"
            autoComplete="off"
          />
          <TextField
            id={qrFieldId("longitude")}
            label="Longitude"
            inputMode="decimal"
            required
            value={draft.longitude}
            onValue={(value) => onChange("longitude", value)}
            error={errors.get("longitude")}
            hint="-180 to 180; east is positive."
            placeholder="13.4050"
            autoComplete="off"
          />
        </div>
      );
  }
}
