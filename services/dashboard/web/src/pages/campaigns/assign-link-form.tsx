import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { useApiQuery } from "../../components/use-api-query";
import { useDebouncedValue } from "../../components/use-debounced-value";
import type { ShortUrl } from "../links/short-url";
import { assignLink } from "./assign-link";
import type { Campaign } from "./campaign";
import { findLinks, PICKER_SIZE } from "./find-links";

interface AssignLinkFormProps {
  campaign: Campaign;
  /** Changes when the campaign's links change, so the picker leaves out those just added. */
  refreshKey: number;
  onAssigned: (link: ShortUrl) => void;
}

/** Typing pauses this long before the links are searched. */
const SEARCH_DELAY_MS = 300;

const optionLabel = (link: ShortUrl) =>
  `${link.shortUrl}${link.name ? ` (${link.name})` : ""} → ${link.originalUrl}`;

/**
 * Adds one of the account's links to the campaign: a search box narrows a select of matching
 * links (a plain <select> stays keyboard- and screen-reader-friendly everywhere).
 */
export function AssignLinkForm({ campaign, refreshKey, onAssigned }: AssignLinkFormProps) {
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState("");
  const [choiceError, setChoiceError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useApiQuery(`pick:${settled}#${refreshKey}`, (signal) => findLinks(settled, signal));
  // Links already in this campaign are not offered again.
  const offered = (found.data ?? []).filter((link) => link.campaignId !== campaign.id);

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const link = offered.find((candidate) => candidate.linkId === chosen);
    if (!link) {
      setChoiceError("Choose a link to add to the campaign");
      document.getElementById("assign-link")?.focus();
      return;
    }
    setPending(true);
    try {
      await assignLink(campaign.id, link.linkId);
      setChosen("");
      onAssigned(link);
    } catch (error) {
      setProblem(asApiError(error, "The link could not be added. Try again."));
    } finally {
      setPending(false);
    }
  };

  const status =
    found.status === "error"
      ? "Your links could not be searched. Try again."
      : found.status === "loading" || search.trim() !== settled
        ? "Searching…"
        : offered.length === 0
          ? "No links match that are not in this campaign yet."
          : found.data.length === PICKER_SIZE
            ? `The ${PICKER_SIZE} newest matches are listed; type more to narrow them.`
            : `${offered.length} ${offered.length === 1 ? "link matches" : "links match"}.`;

  return (
    <form
      class="stack-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? "assign-problem" : undefined}
    >
      <div class="field-grid">
        <TextField
          id="assign-search"
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
          id="assign-link"
          label="Link to assign"
          value={chosen}
          onValue={(value) => {
            setChosen(value);
            setChoiceError(undefined);
          }}
          error={choiceError}
          options={[
            { value: "", label: offered.length > 0 ? "Choose a link" : "No link to choose" },
            ...offered.map((link) => ({ value: link.linkId, label: optionLabel(link) })),
          ]}
        />
      </div>
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          Assign link
        </button>
        <span class="form-pending" role="status">
          {pending ? "Adding…" : ""}
        </span>
      </div>
      {problem && <ProblemNotice id="assign-problem" title="The link was not added" error={problem} />}
    </form>
  );
}
