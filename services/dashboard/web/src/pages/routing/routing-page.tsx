import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./routing-view").then((module) => module.RoutingView));

/** A link's routing page. Its editors and the simulator are a chunk of their own, fetched when first opened. */
export function RoutingPage() {
  return (
    <PageShell
      title="Routing"
      intro="Send visitors to different destinations by language, place, device, time and more, open apps directly, and choose the card shown where the link is shared."
      class="routing-page"
      loadView={loadView}
      failedTitle="The routing page could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading the routing page…
        </p>
      }
    />
  );
}
