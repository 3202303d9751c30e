import { ColorField } from "../../components/color-field";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { ContrastNote } from "./contrast-note";
import type { QrDraft } from "./qr-draft";
import { qrFieldId } from "./qr-draft";
import type { QrFieldsProps } from "./qr-fields-props";

const ERROR_CORRECTION = [
  { value: "L", label: "Low: 7% can be damaged" },
  { value: "M", label: "Medium: 15%" },
  { value: "Q", label: "Quartile: 25%" },
  { value: "H", label: "High: 30%" },
] as const;

const MODULE_SHAPES = [
  { value: "square", label: "Squares" },
  { value: "rounded", label: "Rounded squares" },
  { value: "dots", label: "Dots" },
] as const;

const FINDER_SHAPES = [
  { value: "square", label: "Square" },
  { value: "rounded", label: "Rounded" },
  { value: "circle", label: "Circle" },
] as const;

/** Colours, size, quiet zone, error correction and shapes: how the code looks, not what it says. */
export function QrStyleFields({ draft, errors, onChange }: QrFieldsProps) {
  const contrastId = "qr-contrast";
  const hasLogo = draft.logo.kind !== "none";
  return (
    <fieldset class="fieldset">
      <legend>Look</legend>
      <div class="field-grid">
        <ColorField
          id={qrFieldId("foregroundColor")}
          label="Foreground colour"
          value={draft.foregroundColor}
          onValue={(value) => onChange("foregroundColor", value)}
          error={errors.get("foregroundColor")}
          describedBy={contrastId}
        />
        <ColorField
          id={qrFieldId("backgroundColor")}
          label="Background colour"
          value={draft.backgroundColor}
          onValue={(value) => onChange("backgroundColor", value)}
          error={errors.get("backgroundColor")}
          describedBy={contrastId}
        />
      </div>
      <ContrastNote id={contrastId} foreground={draft.foregroundColor} background={draft.backgroundColor} />
      <div class="field-grid">
        <TextField
          id={qrFieldId("size")}
          label="Size in pixels"
          type="number"
          inputMode="numeric"
          min={100}
          max={2000}
          step={10}
          required
          value={draft.size}
          onValue={(value) => onChange("size", value)}
          error={errors.get("size")}
          hint="100 to 2000; the width and height of the PNG."
        />
        <TextField
          id={qrFieldId("margin")}
          label="Quiet zone in modules"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          step={1}
          required
          value={draft.margin}
          onValue={(value) => onChange("margin", value)}
          error={errors.get("margin")}
          hint="The empty border scanners need; 4 is the standard."
        />
        <SelectField
          id={qrFieldId("errorCorrection")}
          label="Error correction"
          value={draft.errorCorrection}
          options={ERROR_CORRECTION}
          onValue={(value) => onChange("errorCorrection", value as QrDraft["errorCorrection"])}
          error={errors.get("errorCorrection")}
        />
        <SelectField
          id={qrFieldId("moduleShape")}
          label="Module shape"
          value={draft.moduleShape}
          options={MODULE_SHAPES}
          onValue={(value) => onChange("moduleShape", value as QrDraft["moduleShape"])}
          error={errors.get("moduleShape")}
        />
        <SelectField
          id={qrFieldId("finderShape")}
          label="Corner marker shape"
          value={draft.finderShape}
          options={FINDER_SHAPES}
          onValue={(value) => onChange("finderShape", value as QrDraft["finderShape"])}
          error={errors.get("finderShape")}
        />
      </div>
      {hasLogo && (
        <p class="fieldset-hint">
          With a logo the server always uses High error correction, so the code still scans.
        </p>
      )}
    </fieldset>
  );
}
