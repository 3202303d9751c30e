import { CheckboxField } from "../../components/checkbox-field";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { IMPORT_FORMATS, type ImportFormat } from "./import-formats";
import type { OnConflict } from "./link-import";
import type { ImportOptions } from "./start-import";

const CONFLICT_OPTIONS: readonly { value: OnConflict; label: string }[] = [
  { value: "skip", label: "Skip the row" },
  { value: "suffix", label: "Add a number (code-2, code-3, …)" },
  { value: "fail", label: "Count the row as failed" },
];

interface ImportOptionsFieldsProps {
  options: ImportOptions;
  campaigns: { id: string; name: string }[];
  onChange: <K extends keyof ImportOptions>(option: K, value: ImportOptions[K]) => void;
}

/** How the file is read and what every imported link gets. */
export function ImportOptionsFields({ options, campaigns, onChange }: ImportOptionsFieldsProps) {
  return (
    <>
      <div class="field-grid">
        <SelectField
          id="import-format"
          label="Format"
          value={options.format}
          options={[{ value: "", label: "Detect automatically" }, ...IMPORT_FORMATS]}
          onValue={(value) => onChange("format", value as ImportFormat | "")}
        />
        <SelectField
          id="import-on-conflict"
          label="When a short code is taken"
          value={options.onConflict}
          options={CONFLICT_OPTIONS}
          onValue={(value) => onChange("onConflict", value as OnConflict)}
        />
        <TextField
          id="import-tags"
          label="Tags"
          value={options.tags}
          onValue={(value) => onChange("tags", value)}
          hint="Added to every imported link. Separate tags with commas."
          placeholder="imported, bitly"
          autoComplete="off"
        />
        {campaigns.length > 0 && (
          <SelectField
            id="import-campaign"
            label="Campaign"
            optional
            value={options.campaignId}
            onValue={(value) => onChange("campaignId", value)}
            options={[
              { value: "", label: "No campaign" },
              ...campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
            ]}
          />
        )}
      </div>
      <CheckboxField
        id="import-dry-run"
        label="Dry run first"
        checked={options.dryRun}
        onChecked={(checked) => onChange("dryRun", checked)}
        hint="Checks every row and shows what would happen, without creating any link."
      />
    </>
  );
}
