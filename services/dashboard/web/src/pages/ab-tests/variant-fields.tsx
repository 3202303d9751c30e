import { TextField } from "../../components/text-field";
import { type AbTestErrors, type VariantDraft, variantErrorKey, variantLetter } from "./ab-test-draft";

interface VariantFieldsProps {
  index: number;
  variant: VariantDraft;
  errors: AbTestErrors;
  /** Null when the test cannot lose a variant (two is the least). */
  onRemove: (() => void) | null;
  onChange: (field: "name" | "destination" | "weight", value: string) => void;
}

/**
 * One variant: its name, destination and share of visitors. Each label names the variant
 * ("Variant B destination URL"), so the fields stay distinct out of context too.
 */
export function VariantFields({ index, variant, errors, onRemove, onChange }: VariantFieldsProps) {
  const letter = variantLetter(index);
  const idPrefix = `ab-variant-${variant.key}`;
  return (
    <fieldset class="fieldset ab-variant">
      <legend>
        Variant {letter}
        {index === 0 ? " (control)" : ""}
      </legend>
      <div class="ab-variant-fields">
        <TextField
          id={`${idPrefix}-name`}
          label={`Variant ${letter} name`}
          value={variant.name}
          onValue={(value) => onChange("name", value)}
          error={errors.get(variantErrorKey(index, "name"))}
          placeholder={index === 0 ? "Control" : `Variant ${letter}`}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          id={`${idPrefix}-destination`}
          label={`Variant ${letter} destination URL`}
          required
          type="url"
          inputMode="url"
          value={variant.destination}
          onValue={(value) => onChange("destination", value)}
          error={errors.get(variantErrorKey(index, "destination_url"))}
          placeholder="https://example.com/page"
          maxLength={2048}
          autoComplete="off"
          spellcheck={false}
        />
        <TextField
          id={`${idPrefix}-weight`}
          label={`Variant ${letter} weight (%)`}
          required
          type="text"
          inputMode="numeric"
          class="ab-weight-input"
          value={variant.weight}
          onValue={(value) => onChange("weight", value)}
          error={errors.get(variantErrorKey(index, "traffic_weight"))}
          maxLength={3}
          autoComplete="off"
        />
      </div>
      {onRemove && (
        <button type="button" class="button button-ghost button-small" onClick={onRemove}>
          Remove variant {letter}
        </button>
      )}
    </fieldset>
  );
}
