import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./ab-tests-view").then((module) => module.AbTestsView));

/** The A/B tests page. Its forms and result tables are a chunk of their own, fetched when the page is first opened. */
export function AbTestsPage() {
  return (
    <PageShell
      title="A/B tests"
      intro="Split a link's visitors between destinations and see which one converts better."
      loadView={loadView}
      failedTitle="The A/B tests page could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading A/B tests…
        </p>
      }
    />
  );
}
