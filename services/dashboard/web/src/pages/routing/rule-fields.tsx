import { TextField } from "../../components/text-field";
import { ConditionFields } from "./condition-fields";
import { newCondition, type RuleDraft } from "./rule-draft";
import { conditionKey, type RuleErrors, ruleKey } from "./rule-errors";

/** Conditions per rule (packages/redirect-rules). */
const MAX_CONDITIONS = 10;

export const ruleHeadingId = (index: number) => `rule-${index}-title`;

interface RuleFieldsProps {
  rule: RuleDraft;
  index: number;
  count: number;
  errors: RuleErrors;
  onChange: (rule: RuleDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One rule: name, destination, its conditions, and the buttons that move or remove it. */
export function RuleFields({ rule, index, count, errors, onChange, onMove, onRemove }: RuleFieldsProps) {
  const id = `rule-${index}`;
  const title = `Rule ${index + 1}${rule.name.trim() ? `: ${rule.name.trim()}` : ""}`;
  const ruleError = errors.get(ruleKey(index));
  return (
    <li class="routing-rule" aria-labelledby={ruleHeadingId(index)}>
      <div class="routing-rule-header">
        <h3 id={ruleHeadingId(index)}>{title}</h3>
        <div class="routing-rule-actions">
          <button
            id={`${id}-up`}
            type="button"
            class="button button-secondary button-small"
            onClick={() => onMove(index - 1)}
            aria-disabled={index === 0 ? true : undefined}
            aria-describedby={ruleHeadingId(index)}
          >
            Move up
          </button>
          <button
            id={`${id}-down`}
            type="button"
            class="button button-secondary button-small"
            onClick={() => onMove(index + 1)}
            aria-disabled={index === count - 1 ? true : undefined}
            aria-describedby={ruleHeadingId(index)}
          >
            Move down
          </button>
          <button
            type="button"
            class="button button-danger button-small"
            onClick={onRemove}
            aria-describedby={ruleHeadingId(index)}
          >
            Remove rule
          </button>
        </div>
      </div>
      {ruleError && (
        <p id={`${id}-error`} class="field-error">
          {ruleError}
        </p>
      )}
      <div class="field-grid">
        <TextField
          id={`${id}-name`}
          label="Rule name"
          value={rule.name}
          onValue={(name) => onChange({ ...rule, name })}
          error={errors.get(ruleKey(index, "name"))}
          hint="Shown in the simulator's explanation."
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          id={`${id}-destination`}
          label="Destination URL"
          type="url"
          inputMode="url"
          required
          value={rule.destination}
          onValue={(destination) => onChange({ ...rule, destination })}
          error={errors.get(ruleKey(index, "destination_url"))}
          autoComplete="url"
          maxLength={4096}
        />
      </div>
      <p class="field-hint">Visitors go there when all of these hold:</p>
      <ol class="routing-conditions">
        {rule.conditions.map((condition, position) => (
          <li key={condition.key}>
            <ConditionFields
              id={`${id}-condition-${position}`}
              label={`condition ${position + 1} of rule ${index + 1}`}
              condition={condition}
              error={errors.get(conditionKey(index, position))}
              onChange={(next) =>
                onChange({ ...rule, conditions: rule.conditions.map((c, i) => (i === position ? next : c)) })
              }
              onRemove={
                rule.conditions.length > 1
                  ? () => onChange({ ...rule, conditions: rule.conditions.filter((_, i) => i !== position) })
                  : undefined
              }
            />
          </li>
        ))}
      </ol>
      {rule.conditions.length < MAX_CONDITIONS && (
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={() => {
            onChange({ ...rule, conditions: [...rule.conditions, newCondition()] });
            // The new condition's type select: where the reader continues.
            requestAnimationFrame(() =>
              document.getElementById(`${id}-condition-${rule.conditions.length}-type`)?.focus(),
            );
          }}
          aria-describedby={ruleHeadingId(index)}
        >
          Add condition
        </button>
      )}
    </li>
  );
}
