import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./imports-view").then((module) => module.ImportsView));

/**
 * The import page. Its form, the CSV reader that previews files and the progress view are a chunk
 * of their own, fetched when the page is first opened.
 */
export function ImportsPage() {
  return (
    <PageShell
      title="Import links"
      loadView={loadView}
      viewHasHeading
      failedTitle="The import page could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading the import page…
        </p>
      }
    />
  );
}
