import { formatNumber } from "../../components/format-number";
import { ImportCounts } from "./import-counts";
import { isImportActive, type LinkImport } from "./link-import";

interface ImportProgressProps {
  linkImport: LinkImport;
  cancelling: boolean;
  onCancel: () => void;
}

/**
 * An import's rows done (the total is known only once the file is read through, so the bar has
 * no end until then) and its counts; while it is queued or running, a way to stop it.
 */
export function ImportProgress({ linkImport, cancelling, onCancel }: ImportProgressProps) {
  const { processed, total } = linkImport;
  const known = total > 0;
  const done = known
    ? `${formatNumber(processed)} of ${formatNumber(total)} rows done`
    : `${formatNumber(processed)} ${processed === 1 ? "row" : "rows"} done`;
  return (
    <div class="import-progress">
      <label for="import-progress-bar" class="import-progress-label">
        {linkImport.status === "queued" ? "Waiting to start" : done}
      </label>
      {known ? (
        <progress key="known" id="import-progress-bar" max={total} value={processed}>
          {done}
        </progress>
      ) : (
        // No value: an indeterminate bar. A finished import without a total has none to show.
        isImportActive(linkImport) && (
          <progress key="unknown" id="import-progress-bar">
            {done}
          </progress>
        )
      )}
      <ImportCounts linkImport={linkImport} />
      {isImportActive(linkImport) && (
        <div class="form-actions">
          <button
            type="button"
            class="button button-secondary"
            aria-disabled={cancelling ? true : undefined}
            onClick={() => !cancelling && onCancel()}
          >
            {linkImport.dry_run ? "Cancel dry run" : "Cancel import"}
          </button>
          <span class="form-pending" role="status">
            {cancelling ? "Cancelling…" : ""}
          </span>
        </div>
      )}
    </div>
  );
}
