import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { fieldErrorsOf } from "../api/field-errors";
import { announce } from "./announce";
import { asApiError } from "./as-api-error";

interface FormProblem {
  message: string;
  hint?: string | undefined;
}

/**
 * A form over some plain text fields of one thing (a link's deep links or card, a domain's
 * redirects): the values, the API's refusals by field, and a save that sends only the changed
 * fields (an emptied one as null, which removes it). `save` PATCHes them and answers the saved
 * thing, which `onSaved` gets.
 */
export function useFieldsForm<F extends string, T>(options: {
  initial: Record<F, string>;
  save: (body: Partial<Record<F, string | null>>) => Promise<T>;
  /** Announced once saved. */
  saved: string;
  fieldId: (field: F) => string;
  onSaved: (saved: T) => void;
}) {
  const { initial, save, saved, fieldId, onSaved } = options;
  const [base, setBase] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Map<F, string>>(new Map());
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);
  const fields = Object.keys(initial) as F[];

  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors.has(field)) {
      setErrors((current) => {
        const next = new Map(current);
        next.delete(field);
        return next;
      });
    }
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const body: Partial<Record<F, string | null>> = {};
    for (const field of fields) {
      // Compared trimmed; sent as typed (a JSON document is kept byte for byte), empty as null.
      const value = values[field];
      if (value.trim() !== base[field].trim()) body[field] = value.trim() === "" ? null : value;
    }
    if (Object.keys(body).length === 0) {
      announce("Nothing changed");
      return;
    }
    setPending(true);
    try {
      const answer = await save(body);
      setBase(values);
      setErrors(new Map());
      setPending(false);
      announce(saved);
      onSaved(answer);
    } catch (error) {
      const failure = asApiError(error, "The changes could not be saved. Try again.");
      const byField = new Map<F, string>();
      for (const [field, message] of fieldErrorsOf(failure)) {
        if ((fields as string[]).includes(field)) byField.set(field as F, message);
      }
      setErrors(byField);
      setProblem(
        byField.size > 0
          ? { message: "Not saved. Check the highlighted fields." }
          : { message: failure.message, hint: failure.hint },
      );
      setPending(false);
      const first = fields.find((field) => byField.has(field));
      if (first) document.getElementById(fieldId(first))?.focus();
    }
  };

  return { values, errors, problem, pending, change, submit };
}
