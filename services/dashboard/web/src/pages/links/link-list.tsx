import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { ErrorNotice } from "../../components/error-notice";
import type { ApiQuery } from "../../components/use-api-query";
import { LinkRow } from "./link-row";
import type { listLinks } from "./list-links";
import type { ShortUrl } from "./short-url";
import type { LinkSelection } from "./use-link-selection";

type LinksPage = Awaited<ReturnType<typeof listLinks>>;

interface LinkListProps {
  links: ApiQuery<LinksPage>;
  filtered: boolean;
  onEdit: (link: ShortUrl) => void;
  onDelete: (link: ShortUrl) => void;
  onClearFilters: () => void;
  onStartCreating: () => void;
  onFirstPage: () => void;
  selection: LinkSelection;
}

const SKELETON_ROWS = [1, 2, 3, 4, 5];

interface LinkTableProps {
  children: ComponentChildren;
  busy: boolean;
  /** How many links the page shows, and how many of them are selected. */
  shown: number;
  selected: number;
  onSelectPage: (selected: boolean) => void;
}

function LinkTable({ children, busy, shown, selected, onSelectPage }: LinkTableProps) {
  const selectAll = useRef<HTMLInputElement>(null);
  // "Some selected" has no attribute: only the property shows it (and screen readers say "mixed").
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected > 0 && selected < shown;
  }, [selected, shown]);
  return (
    <div class="table-wrap">
      <table class="link-table" aria-busy={busy}>
        <caption class="visually-hidden">Your short links</caption>
        <thead>
          <tr>
            <th scope="col" class="cell-select">
              <input
                ref={selectAll}
                type="checkbox"
                checked={shown > 0 && selected === shown}
                onChange={(event) => onSelectPage(event.currentTarget.checked)}
                aria-label="Select all on this page"
              />
            </th>
            <th scope="col">Short link</th>
            <th scope="col">Destination</th>
            <th scope="col">Tags</th>
            <th scope="col" class="cell-number">
              Clicks
            </th>
            <th scope="col">Created</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The links of the current view, or what stands in for them: loading, nothing yet, no match, an error. */
export function LinkList({
  links,
  filtered,
  onEdit,
  onDelete,
  onClearFilters,
  onStartCreating,
  onFirstPage,
  selection,
}: LinkListProps) {
  if (links.status === "loading") {
    return (
      <div class="list-loading">
        <p class="muted" role="status">
          Loading links…
        </p>
        <div class="skeleton-list" aria-hidden="true">
          {SKELETON_ROWS.map((row) => (
            <div key={row} class="skeleton-item">
              <span class="skeleton skeleton-wide" />
              <span class="skeleton" />
              <span class="skeleton skeleton-narrow" />
            </div>
          ))}
        </div>
      </div>
    );
  }

  if (links.status === "error") {
    return <ErrorNotice title="Your links could not be loaded" error={links.error} onRetry={links.reload} />;
  }

  if (links.data.urls.length === 0) {
    if (links.data.pagination.total > 0) {
      return (
        <div class="empty-state">
          <p class="empty-title">There are no links on this page</p>
          <button type="button" class="button button-secondary" onClick={onFirstPage}>
            Go to the first page
          </button>
        </div>
      );
    }
    if (filtered) {
      return (
        <div class="empty-state">
          <p class="empty-title">No links match this search</p>
          <p>Try other words, or another tag, campaign or domain.</p>
          <button type="button" class="button button-secondary" onClick={onClearFilters}>
            Clear search and filters
          </button>
        </div>
      );
    }
    return (
      <div class="empty-state">
        <p class="empty-title">No links yet — create your first one</p>
        <p>Paste a long URL into the form above, and Kurz gives you a short link to share.</p>
        <button type="button" class="button button-secondary" onClick={onStartCreating}>
          Start with a destination URL
        </button>
      </div>
    );
  }

  return (
    <LinkTable
      busy={links.refreshing}
      shown={links.data.urls.length}
      selected={selection.selected.length}
      onSelectPage={selection.selectPage}
    >
      {links.data.urls.map((link) => (
        <LinkRow
          key={link.linkId}
          link={link}
          onEdit={onEdit}
          onDelete={onDelete}
          selected={selection.isSelected(link)}
          onSelect={selection.toggle}
        />
      ))}
    </LinkTable>
  );
}
