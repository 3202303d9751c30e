import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { fieldErrorsOf } from "../../api/field-errors";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import type { ShortUrl } from "../links/short-url";
import type { RoutingBody } from "./routing-link";
import { updateRouting } from "./update-routing";

type FieldName = "ios_url" | "android_url" | "og_title" | "og_description" | "og_image";

interface FormProblem {
  message: string;
  hint?: string | undefined;
}

/**
 * A form over some of a link's plain routing fields (deep links, the card): the values, the API's
 * refusals by field, and a save that sends only the changed fields (an emptied one as null,
 * which removes it).
 */
export function useLinkFieldsForm<F extends FieldName>(options: {
  link: ShortUrl;
  initial: Record<F, string>;
  saved: string;
  fieldId: (field: F) => string;
  onSaved: (link: ShortUrl) => void;
}) {
  const { link, initial, saved, fieldId, onSaved } = options;
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
    const body: RoutingBody = {};
    for (const field of fields) {
      const value = values[field].trim();
      if (value !== base[field].trim()) body[field] = value === "" ? null : value;
    }
    if (Object.keys(body).length === 0) {
      announce("Nothing changed");
      return;
    }
    setPending(true);
    try {
      const link2 = await updateRouting(link, body);
      setBase(values);
      setErrors(new Map());
      setPending(false);
      announce(saved);
      onSaved(link2);
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
