import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./webhooks-view").then((module) => module.WebhooksView));

/** The webhooks page. Its forms and delivery log are a chunk of their own, fetched when the page is first opened. */
export function WebhooksPage() {
  return (
    <PageShell
      title="Webhooks"
      loadView={loadView}
      viewHasHeading
      failedTitle="The webhooks page could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading webhooks…
        </p>
      }
    />
  );
}
