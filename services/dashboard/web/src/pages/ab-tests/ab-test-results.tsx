import { ErrorNotice } from "../../components/error-notice";
import { formatDateTime } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import type { ApiQuery } from "../../components/use-api-query";
import type { AbTest, AbTestAnalytics } from "./ab-test";
import { AbTestVerdict } from "./ab-test-verdict";
import { SampleRatioWarning } from "./sample-ratio-warning";
import { VariantResultsTable } from "./variant-results-table";

interface AbTestResultsProps {
  test: AbTest;
  results: ApiQuery<AbTestAnalytics>;
}

/** The results section: the SRM warning first (it overrides everything), the verdict, the table. */
export function AbTestResults({ test, results }: AbTestResultsProps) {
  const total = results.data?.variants.reduce((sum, variant) => sum + variant.visitors, 0) ?? 0;
  return (
    <section class="section" aria-labelledby="ab-results-heading">
      <div class="ab-results-header">
        <h2 id="ab-results-heading">Results</h2>
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={results.reload}
          aria-disabled={results.refreshing ? true : undefined}
        >
          {results.refreshing ? "Refreshing…" : "Refresh results"}
        </button>
      </div>
      {results.status === "loading" && (
        <p class="muted" role="status">
          Loading the results…
        </p>
      )}
      {results.status === "error" && (
        <ErrorNotice title="The results could not be loaded" error={results.error} onRetry={results.reload} />
      )}
      {results.status === "ready" && (
        <>
          <p class="muted" role="status">
            {results.data.since
              ? `${formatNumber(total)} ${total === 1 ? "visitor" : "visitors"} since ${formatDateTime(results.data.since)}.`
              : test.status === "draft"
                ? "The test has not started: start it to split the link's visitors."
                : "No visitors yet."}
          </p>
          {results.data.sample_ratio?.flagged && <SampleRatioWarning check={results.data.sample_ratio} />}
          {results.data.since && <AbTestVerdict results={results.data} />}
          <VariantResultsTable results={results.data} busy={results.refreshing} />
        </>
      )}
    </section>
  );
}
