import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";
import { SectionSkeleton } from "./section-skeleton";

/** The chart library (uPlot) comes with the view, so the links page does not carry it. */
const loadView = loadOnce(() => import("./analytics-view").then((module) => module.AnalyticsView));

/** The analytics page. Its reports and the chart library are a chunk of their own, fetched when the page is first opened. */
export function AnalyticsPage() {
  return (
    <PageShell
      title="Analytics"
      intro="Who clicks your links: when, from where, on what, and where they came from."
      class="analytics-page"
      loadView={loadView}
      failedTitle="The analytics page could not be loaded"
      loading={<SectionSkeleton label="Loading analytics…" cards={3} />}
    />
  );
}
