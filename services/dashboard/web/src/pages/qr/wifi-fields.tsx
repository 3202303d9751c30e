import { CheckboxField } from "../../components/checkbox-field";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { qrFieldId } from "./qr-draft";
import type { QrFieldsProps } from "./qr-fields-props";

const ENCRYPTIONS = [
  { value: "WPA", label: "WPA or WPA2" },
  { value: "WEP", label: "WEP (old routers)" },
  { value: "nopass", label: "None (open network)" },
] as const;

/** A network phones can join by scanning: its name, security and password. */
export function WifiFields({ draft, errors, onChange }: QrFieldsProps) {
  const open = draft.wifiEncryption === "nopass";
  return (
    <div class="field-grid">
      <TextField
        id={qrFieldId("wifiSsid")}
        label="Network name (SSID)"
        required
        value={draft.wifiSsid}
        onValue={(value) => onChange("wifiSsid", value)}
        error={errors.get("wifiSsid")}
        maxLength={32}
        autoComplete="off"
        spellcheck={false}
      />
      <SelectField
        id={qrFieldId("wifiEncryption")}
        label="Security"
        value={draft.wifiEncryption}
        options={ENCRYPTIONS}
        onValue={(value) => onChange("wifiEncryption", value as typeof draft.wifiEncryption)}
        error={errors.get("wifiEncryption")}
      />
      {!open && (
        <TextField
          id={qrFieldId("wifiPassword")}
          label="Network password"
          required
          // Shown as typed: it is printed in the code for anyone who scans it anyway.
          type="text"
          value={draft.wifiPassword}
          onValue={(value) => onChange("wifiPassword", value)}
          error={errors.get("wifiPassword")}
          hint={draft.wifiEncryption === "WPA" ? "8 to 63 characters." : "Up to 63 characters."}
          maxLength={63}
          autoComplete="off"
          spellcheck={false}
        />
      )}
      <CheckboxField
        id={qrFieldId("wifiHidden")}
        label="Hidden network"
        checked={draft.wifiHidden}
        onChecked={(checked) => onChange("wifiHidden", checked)}
        error={errors.get("wifiHidden")}
        hint="The network does not announce its name."
      />
    </div>
  );
}
