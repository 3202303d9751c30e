import { type LinkExportFormat, linkExportHref } from "./link-export-href";
import type { LinksQuery } from "./links-query";

const FORMATS: readonly { format: LinkExportFormat; label: string }[] = [
  { format: "csv", label: "Export CSV" },
  { format: "jsonl", label: "Export JSON lines" },
];

/**
 * Downloads of the list's links, every page of them, straight from the API's export (streamed
 * through the relay with the session, so an account of any size never sits in the page's memory).
 */
export function LinkExportButtons({ query }: { query: LinksQuery }) {
  return (
    <div class="link-export">
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          class="button button-secondary button-small"
          href={linkExportHref(query, format)}
          download
          aria-describedby="link-export-hint"
        >
          {label}
        </a>
      ))}
      <p id="link-export-hint" class="field-hint">
        Every link that matches the search and filters, not only this page.
      </p>
    </div>
  );
}
