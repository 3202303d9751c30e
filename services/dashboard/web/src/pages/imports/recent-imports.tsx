import { AppLink } from "../../components/app-link";
import { ErrorNotice } from "../../components/error-notice";
import { formatDateTime } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import type { ApiQuery } from "../../components/use-api-query";
import { formatLabel } from "./import-formats";
import { importHref } from "./import-href";
import { ImportStatus } from "./import-status";
import type { LinkImport } from "./link-import";

interface RecentImportsProps {
  imports: ApiQuery<LinkImport[]>;
  /** The import the page shows above, marked in the list. */
  currentId: string;
}

/** The account's latest imports, each a link to its own view (progress, summary, error report). */
export function RecentImports({ imports, currentId }: RecentImportsProps) {
  if (imports.status === "loading") {
    return (
      <p class="muted" role="status">
        Loading your imports…
      </p>
    );
  }
  if (imports.status === "error") {
    return (
      <ErrorNotice error={imports.error} title="Your imports could not be loaded" onRetry={imports.reload} />
    );
  }
  if (imports.data.length === 0) return <p class="muted">No imports yet.</p>;
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={imports.refreshing}>
        <caption class="visually-hidden">Your recent imports</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Format</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col" class="cell-number">
              Rows
            </th>
            <th scope="col" class="cell-number">
              Created
            </th>
            <th scope="col" class="cell-number">
              Failed
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.data.map((linkImport) => (
            <tr key={linkImport.id}>
              <td data-label="Started" class="strong">
                <AppLink
                  href={importHref(linkImport.id)}
                  aria-current={linkImport.id === currentId ? "page" : undefined}
                >
                  {formatDateTime(linkImport.created_at)}
                </AppLink>
              </td>
              <td data-label="Format">{formatLabel(linkImport.format)}</td>
              <td data-label="Kind">{linkImport.dry_run ? "Dry run" : "Import"}</td>
              <td data-label="Status">
                <ImportStatus status={linkImport.status} />
              </td>
              <td data-label="Rows" class="cell-number">
                {formatNumber(linkImport.processed)}
              </td>
              <td data-label="Created" class="cell-number">
                {formatNumber(linkImport.created)}
              </td>
              <td data-label="Failed" class="cell-number">
                {formatNumber(linkImport.failed)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
