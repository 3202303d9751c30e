import { formatNumber } from "./format-number";

interface PagerProps {
  /** What is paged, for the navigation landmark's name: "Links pages". */
  label: string;
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}

/** Previous/next paging with where the reader is ("21–40 of 53"). */
export function Pager({ label, page, totalPages, total, limit, onPage }: PagerProps) {
  if (total === 0) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  return (
    <nav class="pager" aria-label={label}>
      <p class="pager-range">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </p>
      <div class="pager-buttons">
        <button
          type="button"
          class="button button-secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous page
        </button>
        <span class="pager-page">
          Page {formatNumber(page)} of {formatNumber(Math.max(totalPages, 1))}
        </span>
        <button
          type="button"
          class="button button-secondary"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </button>
      </div>
    </nav>
  );
}
