import type { ComponentChildren } from "preact";
import { ErrorNotice } from "../../components/error-notice";
import type { ApiQuery } from "../../components/use-api-query";
import { SectionSkeleton } from "./section-skeleton";

interface ReportGroupProps<T> {
  id: string;
  title: string;
  /** The call this section's tables come from: its own loading and error state. */
  query: ApiQuery<T>;
  /** How many cards the skeleton stands in for. */
  cards?: number;
  wide?: boolean;
  children: (data: T) => ComponentChildren;
}

/**
 * A titled section of the report (Locations, Technology, …) that loads on its own: skeleton
 * cards while its call runs, the API's message when it fails, its tables when it answers.
 */
export function ReportGroup<T>({ id, title, query, cards = 1, wide, children }: ReportGroupProps<T>) {
  const headingId = `${id}-heading`;
  return (
    <section
      class={wide ? "report-group report-group-wide" : "report-group"}
      aria-labelledby={headingId}
      aria-busy={query.status === "loading" || query.refreshing}
    >
      <h2 id={headingId}>{title}</h2>
      {query.status === "loading" && (
        <SectionSkeleton label={`Loading ${title.toLowerCase()}…`} cards={cards} />
      )}
      {query.status === "error" && (
        <ErrorNotice title={`${title} could not be loaded`} error={query.error} onRetry={query.reload} />
      )}
      {query.status === "ready" && <div class="report-cards">{children(query.data)}</div>}
    </section>
  );
}
