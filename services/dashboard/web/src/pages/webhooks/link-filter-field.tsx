import { useState } from "preact/hooks";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { useApiQuery } from "../../components/use-api-query";
import { useDebouncedValue } from "../../components/use-debounced-value";
import { findLinks, PICKER_SIZE } from "../campaigns/find-links";
import type { ShortUrl } from "../links/short-url";
import { describeLinks } from "./describe-links";

interface LinkFilterFieldProps {
  idPrefix: string;
  linkIds: readonly string[];
  onChange: (linkIds: readonly string[]) => void;
  error?: string | undefined;
}

/** Typing pauses this long before the links are searched. */
const SEARCH_DELAY_MS = 300;

const optionLabel = (link: ShortUrl) => `${link.shortUrl}${link.name ? ` (${link.name})` : ""}`;

/**
 * The optional link filter: events only about the links listed. A search narrows a plain
 * <select> of the account's links (keyboard- and screen-reader-friendly), "Add link" lists one.
 */
export function LinkFilterField({ idPrefix, linkIds, onChange, error }: LinkFilterFieldProps) {
  const [search, setSearch] = useState("");
  const [choice, setChoice] = useState("");
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useApiQuery(`webhook-links:${settled}`, (signal) => findLinks(settled, signal));
  // The links an endpoint already had are named once, so the list does not show bare ids.
  const named = useApiQuery(`webhook-link-names:${idPrefix}`, (signal) => describeLinks(linkIds, signal));
  const offered = (found.data ?? []).filter((link) => !linkIds.includes(link.linkId));
  const labelOf = (id: string) => known.get(id) ?? named.data?.get(id) ?? id;
  const errorId = `${idPrefix}-links-error`;

  const add = () => {
    const link = offered.find((candidate) => candidate.linkId === choice);
    if (!link) {
      document.getElementById(`${idPrefix}-links`)?.focus();
      return;
    }
    setKnown((current) => new Map(current).set(link.linkId, optionLabel(link)));
    onChange([...linkIds, link.linkId]);
    setChoice("");
  };

  const status =
    found.status === "error"
      ? "Your links could not be searched. Try again."
      : found.status === "loading" || search.trim() !== settled
        ? "Searching…"
        : offered.length === 0
          ? "No other link matches."
          : found.data.length === PICKER_SIZE
            ? `The ${PICKER_SIZE} newest matches are listed; type more to narrow them.`
            : `${offered.length} ${offered.length === 1 ? "link matches" : "links match"}.`;

  return (
    <fieldset class="fieldset" aria-describedby={error ? errorId : `${idPrefix}-links-hint`}>
      <legend>
        Only these links{" "}
        <span class="optional" aria-hidden="true">
          (optional)
        </span>
      </legend>
      <p id={`${idPrefix}-links-hint`} class="fieldset-hint">
        Leave the list empty to receive events about every link. Events that concern no link (a domain
        verified) are always sent.
      </p>
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
      {linkIds.length > 0 && (
        <ul class="webhook-link-filter" aria-label="Links this endpoint is limited to">
          {linkIds.map((id) => (
            <li key={id}>
              <span class="break-anywhere">{labelOf(id)}</span>
              <button
                type="button"
                class="button button-ghost button-small"
                onClick={() => onChange(linkIds.filter((other) => other !== id))}
              >
                Remove<span class="visually-hidden"> {labelOf(id)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="field-grid">
        <TextField
          id={`${idPrefix}-links-search`}
          label="Search your links"
          type="search"
          value={search}
          onValue={setSearch}
          status={status}
          hint="Alias, name or destination."
          autoComplete="off"
          spellcheck={false}
          maxLength={200}
        />
        <SelectField
          id={`${idPrefix}-links`}
          label="Link to add"
          value={choice}
          onValue={setChoice}
          options={[
            { value: "", label: offered.length > 0 ? "Choose a link" : "No link to choose" },
            ...offered.map((link) => ({ value: link.linkId, label: optionLabel(link) })),
          ]}
        />
      </div>
      <div class="form-actions">
        <button type="button" class="button button-secondary button-small" onClick={add}>
          Add link
        </button>
      </div>
    </fieldset>
  );
}
