import { AppLink } from "../../components/app-link";
import { formatNumber } from "../../components/format-number";
import { pathOf } from "../../router";
import { describeImport } from "./describe-import";
import { importErrorsHref } from "./import-errors-href";
import type { LinkImport } from "./link-import";

interface ImportSummaryProps {
  linkImport: LinkImport;
  /** Offered after a dry run when the page still holds its file; undefined otherwise. */
  onImportForReal: (() => void) | undefined;
  pending: boolean;
}

/** The links list, narrowed to the import's first tag when it gave the links one. */
function importedLinksHref(linkImport: LinkImport): string {
  const tag = linkImport.tags[0];
  return tag ? `${pathOf("links")}?tag=${encodeURIComponent(tag)}` : pathOf("links");
}

/** What a finished import (or dry run) did, and where to go from there. */
export function ImportSummary({ linkImport, onImportForReal, pending }: ImportSummaryProps) {
  const failed = linkImport.status === "failed";
  const rowsFailed = linkImport.failed;
  const hasErrors = rowsFailed > 0 || linkImport.skipped > 0 || failed;
  return (
    <div class={`notice ${failed ? "notice-error" : "notice-success"} import-summary`}>
      <p class="notice-title">{describeImport(linkImport)}</p>
      {rowsFailed > 0 && !failed && (
        <p>
          {rowsFailed === 1 ? "1 row" : `${formatNumber(rowsFailed)} rows`}{" "}
          {linkImport.dry_run ? "would fail" : "could not be imported"}: the error report says why.
        </p>
      )}
      <div class="import-summary-actions">
        {linkImport.dry_run && onImportForReal && linkImport.status === "completed" && (
          <button
            type="button"
            class="button"
            aria-disabled={pending ? true : undefined}
            onClick={() => !pending && onImportForReal()}
          >
            Import for real
          </button>
        )}
        {!linkImport.dry_run && linkImport.created > 0 && (
          <AppLink class="button button-secondary" href={importedLinksHref(linkImport)}>
            See the imported links
          </AppLink>
        )}
        {hasErrors && (
          <a class="button button-secondary" href={importErrorsHref(linkImport.id)} download>
            Download error report
          </a>
        )}
      </div>
    </div>
  );
}
