import type { ComponentChildren, JSX } from "preact";

type InputAttributes = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onInput" | "label">;

export type TextFieldProps = InputAttributes & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** A short help text under the field, read as its description. */
  hint?: string | undefined;
  /** What is wrong with the value (from the API or the form's own check). */
  error?: string | undefined;
  /**
   * Live text under the field (alias availability), read politely when it changes. Give it (even
   * empty) from the start: a live region added together with its text is often not read.
   */
  status?: ComponentChildren;
};

/** A labelled input with its hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function TextField({
  id,
  label,
  value,
  onValue,
  hint,
  error,
  status,
  required,
  ...input
}: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy =
    [error && errorId, status && statusId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div class={`field${error ? " field-invalid" : ""}`}>
      <label for={id}>
        {label}
        {/* Screen readers hear "required" on the others instead. */}
        {!required && (
          <span class="optional" aria-hidden="true">
            {" "}
            (optional)
          </span>
        )}
      </label>
      <input
        {...input}
        id={id}
        name={id}
        value={value}
        required={required}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {status !== undefined && (
        <div id={statusId} class="field-status" aria-live="polite">
          {status}
        </div>
      )}
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
