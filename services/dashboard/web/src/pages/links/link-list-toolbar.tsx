import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { SelectField } from "../../components/select-field";
import { useApiQuery } from "../../components/use-api-query";
import { useDebouncedValue } from "../../components/use-debounced-value";
import { updateSearch } from "../../router";
import { useLinkChoices } from "./link-choices";
import {
  DEFAULT_LIMIT,
  type LinksQuery,
  PAGE_SIZES,
  type SortBy,
  type SortOrder,
  sortParams,
} from "./links-query";
import { listTags } from "./list-tags";

/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 300;

const SORT_OPTIONS = [
  { value: "created_at:desc", label: "Newest first" },
  { value: "created_at:asc", label: "Oldest first" },
  { value: "clicks:desc", label: "Most clicks" },
  { value: "clicks:asc", label: "Fewest clicks" },
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
] as const;

/**
 * Search, sort, tag, campaign and domain filters and page size of the list. Each writes to the URL (a new search
 * replaces the history entry rather than adding one per keystroke) and goes back to page 1.
 */
export function LinkListToolbar({ query, refreshKey }: { query: LinksQuery; refreshKey: number }) {
  const [text, setText] = useState(query.search);
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  // New links may bring new tags: refreshKey changes after each create and delete.
  const tags = useApiQuery(`tags:${refreshKey}`, listTags);
  const { campaigns, domains, standardHost } = useLinkChoices();

  // Back/forward or "Clear filters" changed the search: show it in the box.
  useEffect(() => {
    setText((typed) => (typed.trim() === query.search ? typed : query.search));
  }, [query.search]);

  // Only a settled change of the text searches: the URL changing (back/forward) must not.
  useEffect(() => {
    if (settled.trim() !== query.search)
      updateSearch({ search: settled.trim(), page: undefined }, { replace: true });
  }, [settled]);

  const searchNow = (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() !== query.search)
      updateSearch({ search: text.trim(), page: undefined }, { replace: true });
  };

  const sortBy = (value: string) => {
    const [by, order] = value.split(":") as [SortBy, SortOrder];
    updateSearch({ ...sortParams(by, order), page: undefined });
  };

  const tagOptions = [
    { value: "", label: "All tags" },
    ...(tags.data ?? []).map((tag) => ({ value: tag.name, label: `${tag.name} (${tag.urls})` })),
  ];
  if (query.tag && !tagOptions.some((option) => option.value === query.tag)) {
    tagOptions.push({ value: query.tag, label: query.tag });
  }

  return (
    <div class="toolbar">
      <search class="toolbar-search">
        <form class="field" onSubmit={searchNow}>
          <label for="links-search">Search links</label>
          <input
            id="links-search"
            type="search"
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
            placeholder="Name or URL"
            maxLength={200}
            autoComplete="off"
          />
        </form>
      </search>
      <SelectField
        id="links-sort"
        label="Sort by"
        value={`${query.sortBy}:${query.order}`}
        options={SORT_OPTIONS}
        onValue={sortBy}
      />
      {tagOptions.length > 1 && (
        <SelectField
          id="links-tag"
          label="Tag"
          value={query.tag}
          options={tagOptions}
          onValue={(tag) => updateSearch({ tag, page: undefined })}
        />
      )}
      {(campaigns.length > 0 || query.campaign !== "") && (
        <SelectField
          id="links-campaign"
          label="Campaign"
          value={query.campaign}
          options={[
            { value: "", label: "All campaigns" },
            ...campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
            // A campaign from the URL before the list has loaded (or one since deleted).
            ...(query.campaign && !campaigns.some((campaign) => campaign.id === query.campaign)
              ? [{ value: query.campaign, label: "Selected campaign" }]
              : []),
          ]}
          onValue={(campaign) => updateSearch({ campaign, page: undefined })}
        />
      )}
      {(domains.length > 0 || query.domain !== "") && (
        <SelectField
          id="links-domain"
          label="Domain"
          value={query.domain}
          options={[
            { value: "", label: "All domains" },
            ...(standardHost ? [{ value: standardHost, label: `${standardHost} (standard)` }] : []),
            ...domains.map((domain) => ({ value: domain.host, label: domain.label })),
            // A host from the URL before the choices have loaded (or one since removed).
            ...(query.domain && query.domain !== standardHost && !domains.some((d) => d.host === query.domain)
              ? [{ value: query.domain, label: query.domain }]
              : []),
          ]}
          onValue={(domain) => updateSearch({ domain, page: undefined })}
        />
      )}
      <SelectField
        id="links-limit"
        label="Per page"
        value={String(query.limit)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onValue={(limit) =>
          updateSearch({ limit: limit === String(DEFAULT_LIMIT) ? undefined : limit, page: undefined })
        }
      />
    </div>
  );
}
