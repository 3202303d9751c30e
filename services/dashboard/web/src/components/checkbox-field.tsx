interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: string;
  error?: string | undefined;
}

/** A labelled checkbox with an optional hint under its label. */
export function CheckboxField({ id, label, checked, onChecked, hint, error }: CheckboxFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div class="checkbox-field">
      <input
        type="checkbox"
        id={id}
        name={id}
        checked={checked}
        onChange={(event) => onChecked(event.currentTarget.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div>
        <label for={id}>{label}</label>
        {hint && (
          <p id={hintId} class="field-hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} class="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
