import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { TextField } from "../../components/text-field";
import type { Subdomain } from "./domain-types";
import { reserveSubdomain } from "./reserve-subdomain";
import { useSubdomainCheck } from "./subdomain-availability";
import { SubdomainStatus } from "./subdomain-status";

const LABEL_ID = "reserve-subdomain";
const NAME_ID = "reserve-subdomain-name";

interface ReserveSubdomainFormProps {
  /** The shared host subdomains live under ("kurz.link"). */
  host: string;
  onReserved: (subdomain: Subdomain) => void;
}

/**
 * Reserves a subdomain of the shared short host: the label is checked while typing, and free
 * labels derived from it are offered to pick with one press.
 */
export function ReserveSubdomainForm({ host, onReserved }: ReserveSubdomainFormProps) {
  const [label, setLabel] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const { availability, suggestions } = useSubdomainCheck(label);

  const changeLabel = (value: string) => {
    setLabel(value);
    setErrors((current) => {
      const next = new Map(current);
      next.delete("subdomain");
      return next;
    });
  };

  const pickSuggestion = (suggestion: string) => {
    changeLabel(suggestion);
    // The pressed button goes away with the old suggestions: continue in the field itself.
    document.getElementById(LABEL_ID)?.focus();
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const subdomain = label.trim().toLowerCase();
    if (subdomain === "") {
      setErrors(new Map([["subdomain", "Enter the subdomain you want, e.g. yourbrand"]]));
      document.getElementById(LABEL_ID)?.focus();
      return;
    }
    setPending(true);
    try {
      const reserved = await reserveSubdomain({ subdomain, ...(name.trim() ? { name: name.trim() } : {}) });
      setLabel("");
      setName("");
      setErrors(new Map());
      onReserved(reserved);
    } catch (error) {
      const failure = asApiError(error, "The subdomain could not be reserved. Try again.");
      const byField = fieldErrorsOf(failure);
      // A taken label is a refusal about the label, even when the API names no field.
      if (byField.size === 0 && failure.status === 409) byField.set("subdomain", failure.message);
      setErrors(byField);
      setProblem(byField.size > 0 ? null : failure);
      if (byField.has("subdomain")) document.getElementById(LABEL_ID)?.focus();
      else if (byField.has("name")) document.getElementById(NAME_ID)?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      class="stack-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? "reserve-problem" : undefined}
    >
      <div class="field-grid">
        <div>
          <TextField
            id={LABEL_ID}
            label="Subdomain"
            required
            value={label}
            onValue={changeLabel}
            error={errors.get("subdomain")}
            status={
              errors.has("subdomain") ? null : <SubdomainStatus availability={availability} host={host} />
            }
            hint={`3 to 63 lowercase letters, digits or “-”. Your links then start with yourname.${host}.`}
            autoComplete="off"
            spellcheck={false}
            maxLength={63}
          />
          {suggestions.length > 0 && (
            <fieldset class="suggestions">
              <legend class="suggestions-label">Free suggestions</legend>
              <ul>
                {suggestions.map((suggestion) => (
                  <li key={suggestion}>
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      onClick={() => pickSuggestion(suggestion)}
                    >
                      <span class="visually-hidden">Use </span>
                      {suggestion}
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
        <TextField
          id={NAME_ID}
          label="Name for the subdomain"
          value={name}
          onValue={setName}
          error={errors.get("name")}
          hint="Only you see it."
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          Reserve subdomain
        </button>
        <span class="form-pending" role="status">
          {pending ? "Reserving…" : ""}
        </span>
      </div>
      {problem && (
        <ProblemNotice id="reserve-problem" title="The subdomain was not reserved" error={problem} />
      )}
    </form>
  );
}
