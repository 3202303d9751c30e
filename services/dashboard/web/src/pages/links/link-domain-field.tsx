import { SelectField } from "../../components/select-field";
import type { DomainChoice } from "./link-choices";

interface LinkDomainFieldProps {
  id: string;
  /** A host; "" for the standard short domain. */
  value: string;
  domains: DomainChoice[];
  onValue: (host: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * Where a link answers: the standard short domain, a subdomain or a verified branded domain. Shown
 * only when there is a choice (the account has a domain, or the link is on one already).
 */
export function LinkDomainField({ id, value, domains, onValue, error, hint }: LinkDomainFieldProps) {
  if (domains.length === 0 && value === "") return null;
  return (
    <SelectField
      id={id}
      label="Domain"
      optional
      value={value}
      onValue={onValue}
      error={error}
      hint={hint}
      options={[
        { value: "", label: "Standard short domain" },
        ...domains.map((domain) => ({ value: domain.host, label: domain.label })),
        // The link's own domain before the list has loaded (or one no longer verified).
        ...(value && !domains.some((domain) => domain.host === value) ? [{ value, label: value }] : []),
      ]}
    />
  );
}
