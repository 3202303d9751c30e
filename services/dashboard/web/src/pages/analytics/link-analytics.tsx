import { AppLink } from "../../components/app-link";
import { CopyButton } from "../../components/copy-button";
import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { pathOf } from "../../router";
import { analyticsHref } from "./analytics-href";
import { type AnalyticsQuery, analyticsKey, describeRange } from "./analytics-query";
import { botTable, locationTables, sourceTables, technologyTables, utmTables } from "./build-report-tables";
import { buildRulesTable, showsRules } from "./build-rules-table";
import { buildStats } from "./build-stats";
import { clickExportHref } from "./click-export-href";
import { csvFileName } from "./csv-file-name";
import { getLink } from "./get-link";
import { getLinkAnalytics } from "./get-link-analytics";
import { getRuleAnalytics } from "./get-rule-analytics";
import { HeadlineStats, summaryTable } from "./headline-stats";
import { NoClicks } from "./no-clicks";
import { RankedTable } from "./ranked-table";
import { ReportGroup } from "./report-group";
import type { ReportTable } from "./report-table";
import { ReportToolbar } from "./report-toolbar";
import type { CompleteReport } from "./report-types";
import { TimelineSection } from "./timeline-section";
import { timelineTable } from "./timeline-table";

/** Every table of the report, in page order: drawn below and exported as they are. */
function tablesOf(report: CompleteReport) {
  const stats = buildStats({ counts: report.counts, conversions: report.conversions });
  return {
    stats,
    timeline: timelineTable(report.timeline, report.range.granularity),
    locations: locationTables(report.geography),
    technology: technologyTables(report.devices),
    sources: sourceTables(report.referrers),
    utm: utmTables(report.utm),
    bots: botTable(report.trafficQuality),
  };
}

const hasAnyClick = (report: CompleteReport) =>
  report.counts.clicks + report.counts.bots + report.counts.headRequests > 0;

/**
 * One link's analytics: the link (and a way back to it), then every section from the API's one
 * combined call (`/complete`), each showing its own skeleton until it answers.
 */
export function LinkAnalytics({ query, linkRef }: { query: AnalyticsQuery; linkRef: string }) {
  const key = analyticsKey(query);
  const link = useApiQuery(`link:${linkRef}`, (signal) => getLink(linkRef, signal));
  const report = useApiQuery(`complete:${key}`, (signal) => getLinkAnalytics(linkRef, query.range, signal));
  // Its own call: the combined report has no rules section (rule names come from the link).
  const rules = useApiQuery(`rules:${key}`, (signal) => getRuleAnalytics(linkRef, query.range, signal));
  const code = link.data?.id ?? linkRef;
  const linkRules = link.data?.rules ?? [];
  const rulesShown = link.status === "ready" && showsRules(linkRules, rules.data?.rules);
  const rulesTable = rulesShown && rules.data ? buildRulesTable(rules.data.rules, linkRules) : undefined;
  usePageTitle(`Analytics of ${code}`);

  const tables = report.data ? tablesOf(report.data) : undefined;
  const exported: ReportTable[] = tables
    ? [
        summaryTable(tables.stats),
        tables.timeline,
        ...tables.locations,
        ...tables.technology,
        ...tables.sources,
        ...tables.utm,
        tables.bots,
        ...(rulesTable ? [rulesTable] : []),
      ]
    : [];
  const period = describeRange(query.range);
  const empty = report.data !== undefined && !hasAnyClick(report.data);

  return (
    <>
      <section class="report-subject" aria-label="Link">
        {link.status === "loading" && <p class="muted">Loading the link…</p>}
        {link.status === "error" && (
          <ErrorNotice title="This link could not be loaded" error={link.error} onRetry={link.reload} />
        )}
        {link.status === "ready" && (
          <>
            <p class="report-subject-title">
              <a
                id="subject-short-url"
                class="short-url"
                href={link.data.shortUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.data.shortUrl}
              </a>{" "}
              <CopyButton text={link.data.shortUrl} describedBy="subject-short-url" />
            </p>
            {link.data.name && <p class="report-subject-name">{link.data.name}</p>}
            <p class="muted break-anywhere">
              Goes to{" "}
              <a href={link.data.destinationUrl} target="_blank" rel="noopener noreferrer">
                {link.data.originalUrl}
              </a>
            </p>
            <p class="report-subject-links">
              <AppLink href={`${pathOf("links")}?search=${encodeURIComponent(link.data.id)}`}>
                Open this link in Links
              </AppLink>
              <AppLink href={analyticsHref()}>Analytics of all links</AppLink>
            </p>
          </>
        )}
      </section>

      <ReportToolbar
        query={query}
        tables={exported}
        fileName={csvFileName(`link-${code}`, query.range)}
        clicksHref={clickExportHref(query.range, linkRef)}
      />

      {/* One call feeds every section: one message when it fails, not one per section. */}
      {link.status !== "error" && report.status === "error" && (
        <ErrorNotice
          title="The analytics of this link could not be loaded"
          error={report.error}
          onRetry={report.reload}
        />
      )}
      {link.status !== "error" && report.status !== "error" && (
        <>
          <ReportGroup id="summary" title="Summary" query={report} cards={1} wide>
            {() => tables && <HeadlineStats stats={tables.stats} />}
          </ReportGroup>
          {empty ? (
            <NoClicks period={period}>
              <p>Share the short link and its clicks show up here within a minute.</p>
            </NoClicks>
          ) : (
            <>
              <ReportGroup id="timeline" title="Timeline" query={report} wide>
                {(data) =>
                  tables && (
                    <TimelineSection
                      points={data.timeline}
                      granularity={data.range.granularity}
                      table={tables.timeline}
                      subject={code}
                    />
                  )
                }
              </ReportGroup>
              <ReportGroup id="locations" title="Locations" query={report} cards={3}>
                {() => tables?.locations.map((table) => <RankedTable key={table.id} table={table} />)}
              </ReportGroup>
              <ReportGroup id="technology" title="Devices and software" query={report} cards={3}>
                {() => tables?.technology.map((table) => <RankedTable key={table.id} table={table} />)}
              </ReportGroup>
              <ReportGroup id="sources" title="Traffic sources" query={report} cards={2}>
                {() => tables?.sources.map((table) => <RankedTable key={table.id} table={table} />)}
              </ReportGroup>
              {rulesShown && (
                <ReportGroup id="rules" title="Redirect rules" query={rules} cards={1}>
                  {() => rulesTable && <RankedTable table={rulesTable} labelledBy="rules-heading" />}
                </ReportGroup>
              )}
              <ReportGroup id="utm" title="UTM parameters" query={report} cards={3}>
                {() => tables?.utm.map((table) => <RankedTable key={table.id} table={table} />)}
              </ReportGroup>
              <ReportGroup id="quality" title="Bot traffic" query={report} cards={1}>
                {() => tables && <RankedTable table={tables.bots} />}
              </ReportGroup>
            </>
          )}
        </>
      )}
    </>
  );
}
