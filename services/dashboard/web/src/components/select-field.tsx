export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValue: (value: string) => void;
  /** Marks the label "(optional)" in a form where other fields are required. */
  optional?: boolean;
  error?: string | undefined;
  /** A sentence under the control on what the choice means. */
  hint?: string | undefined;
  class?: string;
}

/** A labelled <select> with its error, like TextField. */
export function SelectField({
  id,
  label,
  value,
  options,
  onValue,
  optional,
  error,
  hint,
  class: extra,
}: SelectFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div class={["field", error && "field-invalid", extra].filter(Boolean).join(" ")}>
      <label for={id}>
        {label}
        {optional && (
          <span class="optional" aria-hidden="true">
            {" "}
            (optional)
          </span>
        )}
      </label>
      <select
        id={id}
        name={id}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} class="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
