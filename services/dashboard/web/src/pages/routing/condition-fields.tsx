import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { CONDITION_CHOICES, CONDITION_TYPES, type ConditionType } from "./routing-link";
import { type ConditionDraft, splitValues } from "./rule-draft";

export const CONDITION_LABELS: Record<ConditionType, string> = {
  language: "Language",
  country: "Country",
  region: "Region",
  city: "City",
  device: "Device",
  os: "Operating system",
  browser: "Browser",
  ip: "IP address",
  referrer_host: "Referrer host",
  query_param: "Query parameter",
  after: "After",
  before: "Before",
};

const VALUE_HINTS: Partial<Record<ConditionType, string>> = {
  language: "Language tags, separated by commas: de, pt-BR.",
  country: "ISO 3166-1 alpha-2 codes, separated by commas: DE, AT, CH.",
  region: "ISO 3166-2 codes, separated by commas: DE-BY, US-CA.",
  city: "City names, separated by commas: Berlin, München.",
  ip: "Addresses or CIDR ranges, separated by commas: 203.0.113.0/24.",
  referrer_host: "Host names, separated by commas: news.ycombinator.com.",
};

const CHOICE_LABELS: Record<string, string> = {
  ios: "iOS",
  macos: "macOS",
  chromeos: "ChromeOS",
};
const labelOf = (value: string) => CHOICE_LABELS[value] ?? value.charAt(0).toUpperCase() + value.slice(1);

interface ConditionFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  id: string;
  /** "Condition 2 of rule 1", for the labels screen readers hear out of context. */
  label: string;
  condition: ConditionDraft;
  onChange: (condition: ConditionDraft) => void;
  onRemove: (() => void) | undefined;
  error: string | undefined;
}

/** One condition: its type, then the inputs that type takes. */
export function ConditionFields({ id, label, condition, onChange, onRemove, error }: ConditionFieldsProps) {
  const set = (change: Partial<ConditionDraft>) => onChange({ ...condition, ...change });
  const choices = CONDITION_CHOICES[condition.type];
  const errorId = `${id}-error`;
  return (
    <fieldset
      class={`routing-condition${error ? " field-invalid" : ""}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend class="visually-hidden">{label}</legend>
      <SelectField
        id={`${id}-type`}
        label="Condition"
        value={condition.type}
        options={CONDITION_TYPES.map((type) => ({ value: type, label: CONDITION_LABELS[type] }))}
        onValue={(type) => set({ type: type as ConditionType, values: "" })}
      />
      <div class="routing-condition-inputs">
        {choices ? (
          <fieldset class="checkbox-group">
            <legend>{CONDITION_LABELS[condition.type]} is any of</legend>
            <div class="routing-choices">
              {choices.map((choice) => {
                const chosen = splitValues(condition.values);
                return (
                  <label key={choice} class="routing-choice">
                    <input
                      type="checkbox"
                      name={`${id}-values`}
                      value={choice}
                      checked={chosen.includes(choice)}
                      onChange={(event) => {
                        const next = event.currentTarget.checked
                          ? [...chosen, choice]
                          : chosen.filter((value) => value !== choice);
                        set({ values: next.join(", ") });
                      }}
                    />
                    {labelOf(choice)}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : condition.type === "query_param" ? (
          <div class="field-grid">
            <TextField
              id={`${id}-name`}
              label="Parameter name"
              required
              value={condition.name}
              onValue={(name) => set({ name })}
              autoComplete="off"
            />
            <TextField
              id={`${id}-value`}
              label="Value"
              value={condition.value}
              onValue={(value) => set({ value })}
              hint="Empty: the parameter is present with any value."
              autoComplete="off"
            />
          </div>
        ) : condition.type === "after" || condition.type === "before" ? (
          <TextField
            id={`${id}-at`}
            label={condition.type === "after" ? "From" : "Until"}
            type="datetime-local"
            required
            value={condition.at}
            onValue={(at) => set({ at })}
            hint="Your time zone."
          />
        ) : (
          <TextField
            id={`${id}-values`}
            label="Values"
            required
            value={condition.values}
            onValue={(values) => set({ values })}
            hint={VALUE_HINTS[condition.type]}
            autoComplete="off"
          />
        )}
      </div>
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
      {onRemove && (
        <button type="button" class="button button-ghost button-small" onClick={onRemove}>
          Remove condition<span class="visually-hidden"> {label}</span>
        </button>
      )}
    </fieldset>
  );
}
