import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { TextField } from "../../components/text-field";
import { addBrandedDomain } from "./add-branded-domain";
import { useBrandedDomainCheck } from "./branded-domain-availability";
import { BrandedDomainStatus } from "./branded-domain-status";
import type { BrandedDomain } from "./domain-types";

const DOMAIN_ID = "add-domain";
const NAME_ID = "add-domain-name";

/**
 * Adds one of the customer's own domains. It is pending until its TXT record is found, which the
 * list below shows right away.
 */
export function AddBrandedDomainForm({ onAdded }: { onAdded: (domain: BrandedDomain) => void }) {
  const [domain, setDomain] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const availability = useBrandedDomainCheck(domain);

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const host = domain.trim().toLowerCase();
    if (host === "") {
      setErrors(new Map([["domain", "Enter a domain you own, e.g. go.example.com"]]));
      document.getElementById(DOMAIN_ID)?.focus();
      return;
    }
    setPending(true);
    try {
      const added = await addBrandedDomain({ domain: host, ...(name.trim() ? { name: name.trim() } : {}) });
      setDomain("");
      setName("");
      setErrors(new Map());
      onAdded(added);
    } catch (error) {
      const failure = asApiError(error, "The domain could not be added. Try again.");
      const byField = fieldErrorsOf(failure);
      // Already added, or verified by another account: a refusal of the domain typed.
      if (byField.size === 0 && failure.status === 409) byField.set("domain", failure.message);
      setErrors(byField);
      setProblem(byField.size > 0 ? null : failure);
      if (byField.has("domain")) document.getElementById(DOMAIN_ID)?.focus();
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
      aria-describedby={problem ? "add-domain-problem" : undefined}
    >
      <div class="field-grid">
        <TextField
          id={DOMAIN_ID}
          label="Branded domain"
          required
          value={domain}
          onValue={(value) => {
            setDomain(value);
            if (errors.has("domain")) setErrors(new Map());
          }}
          error={errors.get("domain")}
          status={errors.has("domain") ? null : <BrandedDomainStatus availability={availability} />}
          hint="A host name you control, e.g. go.example.com."
          placeholder="go.example.com"
          autoComplete="off"
          spellcheck={false}
          maxLength={253}
        />
        <TextField
          id={NAME_ID}
          label="Name for the domain"
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
          Add domain
        </button>
        <span class="form-pending" role="status">
          {pending ? "Adding…" : ""}
        </span>
      </div>
      {problem && <ProblemNotice id="add-domain-problem" title="The domain was not added" error={problem} />}
    </form>
  );
}
