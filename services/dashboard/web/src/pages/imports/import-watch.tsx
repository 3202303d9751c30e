import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { ErrorNotice } from "../../components/error-notice";
import { formatDateTime } from "../../components/format-date";
import { ProblemNotice } from "../../components/problem-notice";
import { cancelImport } from "./cancel-import";
import { describeImport } from "./describe-import";
import { formatLabel } from "./import-formats";
import { ImportProgress } from "./import-progress";
import { ImportStatus } from "./import-status";
import { ImportSummary } from "./import-summary";
import { isImportActive } from "./link-import";
import type { ImportForm } from "./use-import-form";
import { useImportProgress } from "./use-import-progress";

export const WATCH_HEADING_ID = "import-watch-heading";

interface ImportWatchProps {
  id: string;
  form: ImportForm;
  /** The import finished or was cancelled (the list of recent imports is out of date). */
  onFinished: () => void;
  onStartAnother: () => void;
}

/** One import followed to its end: progress while it runs, then what it did. */
export function ImportWatch({ id, form, onFinished, onStartAnother }: ImportWatchProps) {
  const progress = useImportProgress(id);
  const [cancelling, setCancelling] = useState(false);
  const [cancelProblem, setCancelProblem] = useState<ApiError | null>(null);
  // Ids of imports this page saw queued or running (or started itself); each finish is told once.
  const followed = useRef(new Set<string>());
  const startedHere = useRef("");
  // An import this form started may be done before its first answer here: it is followed anyway.
  if (form.started?.id === id && startedHere.current !== id) {
    startedHere.current = id;
    followed.current.add(id);
  }
  // The previous import's answer stays in the query until this one's arrives: not shown as this one.
  const linkImport = progress.data?.id === id ? progress.data : undefined;

  // Announced when this page saw it finish (not when an old import is opened).
  useEffect(() => {
    if (!linkImport) return;
    if (isImportActive(linkImport)) {
      followed.current.add(linkImport.id);
    } else if (followed.current.delete(linkImport.id)) {
      announce(describeImport(linkImport));
      onFinished();
    }
  }, [linkImport]);

  const cancel = async () => {
    setCancelling(true);
    setCancelProblem(null);
    try {
      await cancelImport(id);
    } catch (error) {
      setCancelProblem(asApiError(error, "The import could not be cancelled. Try again."));
    } finally {
      setCancelling(false);
      progress.reload();
    }
  };

  const title = linkImport?.dry_run ? "Dry run" : "Import";
  return (
    <section class="card import-watch" aria-labelledby={WATCH_HEADING_ID}>
      <div class="import-watch-header">
        <h2 id={WATCH_HEADING_ID} tabIndex={-1}>
          {linkImport ? title : "Import"}
        </h2>
        {linkImport && <ImportStatus status={linkImport.status} />}
      </div>
      {linkImport && (
        <p class="muted">
          {formatLabel(linkImport.format)} · started {formatDateTime(linkImport.created_at)}
          {linkImport.tags.length > 0 && <> · tags {linkImport.tags.join(", ")}</>}
        </p>
      )}
      {progress.status === "error" && (
        <ErrorNotice
          error={progress.error}
          title="The import could not be loaded"
          onRetry={progress.reload}
        />
      )}
      {progress.status !== "error" && !linkImport && (
        <p class="muted" role="status">
          Loading the import…
        </p>
      )}
      {linkImport && <ImportProgress linkImport={linkImport} cancelling={cancelling} onCancel={cancel} />}
      {linkImport && !isImportActive(linkImport) && (
        <ImportSummary
          linkImport={linkImport}
          onImportForReal={form.started?.id === id ? form.importForReal : undefined}
          pending={form.pending}
        />
      )}
      {cancelProblem && (
        <ProblemNotice
          id="import-cancel-problem"
          title="The import was not cancelled"
          error={cancelProblem}
        />
      )}
      {form.problem && (
        <ProblemNotice id="import-problem" title="The import was not started" error={form.problem} />
      )}
      <p>
        <button type="button" class="button button-ghost" onClick={onStartAnother}>
          Import another file
        </button>
      </p>
    </section>
  );
}
