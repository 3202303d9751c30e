interface ColorFieldProps {
  id: string;
  label: string;
  /** "#rrggbb", as <input type="color"> gives and takes it. */
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Id of a note about this colour (a contrast warning), read as part of its description. */
  describedBy?: string | undefined;
}

/** A labelled colour picker that also shows the chosen value as text (not by colour alone). */
export function ColorField({ id, label, value, onValue, error, describedBy }: ColorFieldProps) {
  const valueId = `${id}-value`;
  const errorId = `${id}-error`;
  return (
    <div class={`field color-field${error ? " field-invalid" : ""}`}>
      <label for={id}>{label}</label>
      <div class="color-field-control">
        <input
          type="color"
          id={id}
          name={id}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[valueId, error && errorId, describedBy].filter(Boolean).join(" ")}
        />
        <span id={valueId} class="code">
          {value.toUpperCase()}
        </span>
      </div>
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
