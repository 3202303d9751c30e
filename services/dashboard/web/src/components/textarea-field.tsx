import type { JSX } from "preact";

type TextareaAttributes = Omit<
  JSX.TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "value" | "onInput" | "label"
>;

export type TextareaFieldProps = TextareaAttributes & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
};

/** A labelled multi-line input with its hint and error, wired like TextField. */
export function TextareaField({
  id,
  label,
  value,
  onValue,
  hint,
  error,
  required,
  ...rest
}: TextareaFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div class={`field${error ? " field-invalid" : ""}`}>
      <label for={id}>
        {label}
        {!required && (
          <span class="optional" aria-hidden="true">
            {" "}
            (optional)
          </span>
        )}
      </label>
      <textarea
        rows={3}
        {...rest}
        id={id}
        name={id}
        value={value}
        required={required}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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
