import { AppLink } from "../../components/app-link";
import { formatNumber } from "../../components/format-number";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { pathOf } from "../../router";
import { analyticsHref } from "./analytics-href";
import { type AnalyticsQuery, analyticsKey, describeRange } from "./analytics-query";
import { buildStats } from "./build-stats";
import { csvFileName } from "./csv-file-name";
import { getDomainAnalytics } from "./get-domain-analytics";
import { HeadlineStats, type Stat, summaryTable } from "./headline-stats";
import { NoClicks } from "./no-clicks";
import { ReportGroup } from "./report-group";
import { ReportToolbar } from "./report-toolbar";
import type { ClickCounts } from "./report-types";

const NONE: ClickCounts = {
  clicks: 0,
  uniqueVisitors: 0,
  bots: 0,
  headRequests: 0,
  totalRequests: 0,
  qrScans: 0,
};

/**
 * One short domain's analytics. The API reports a domain's totals only (no timeline or
 * breakdowns per host), so that is what this view shows, and says so.
 */
export function DomainAnalytics({ query, host }: { query: AnalyticsQuery; host: string }) {
  usePageTitle(`Analytics of ${host}`);
  const report = useApiQuery(`domain:${analyticsKey(query)}`, (signal) =>
    getDomainAnalytics(host, query.range, signal),
  );
  const totals = report.data?.domains.find((domain) => domain.host === host);
  const stats: Stat[] | undefined = report.data
    ? [
        ...buildStats({ counts: totals?.counts ?? NONE }),
        {
          label: "Links clicked",
          text: formatNumber(totals?.links ?? 0),
          value: totals?.links ?? 0,
          detail: "Links on this domain with a click",
        },
      ]
    : undefined;
  const empty = report.data !== undefined && (totals === undefined || totals.counts.totalRequests === 0);

  return (
    <>
      <section class="report-subject" aria-label="Domain">
        <p class="report-subject-title">Domain: {host}</p>
        <p class="muted">
          Kurz reports a domain's totals. For countries, devices and sources, open the analytics of one of its
          links.
        </p>
        <p class="report-subject-links">
          <AppLink href={pathOf("domains")}>All domains</AppLink>
          <AppLink href={analyticsHref()}>Analytics of all links</AppLink>
        </p>
      </section>

      <ReportToolbar
        query={query}
        tables={stats ? [summaryTable(stats)] : []}
        fileName={csvFileName(`domain-${host}`, query.range)}
      />

      <ReportGroup id="summary" title="Summary" query={report} wide>
        {() => stats && <HeadlineStats stats={stats} />}
      </ReportGroup>
      {empty && (
        <NoClicks period={describeRange(query.range)}>
          <p>Clicks on links of {host} show up here within a minute.</p>
        </NoClicks>
      )}
    </>
  );
}
