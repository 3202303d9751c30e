import { AppLink } from "../../components/app-link";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { pathOf } from "../../router";
import { type AnalyticsQuery, analyticsKey, describeRange } from "./analytics-query";
import { linksTable, locationTables, sourceTables, technologyTables, utmTables } from "./build-report-tables";
import { buildStats } from "./build-stats";
import { clickExportHref } from "./click-export-href";
import { csvFileName } from "./csv-file-name";
import { getAccountConversions } from "./get-account-conversions";
import { getAccountDevices } from "./get-account-devices";
import { getAccountGeography } from "./get-account-geography";
import { getAccountOverview } from "./get-account-overview";
import { getAccountReferrers } from "./get-account-referrers";
import { getAccountTimeline } from "./get-account-timeline";
import { getAccountTopLinks } from "./get-account-top-links";
import { getAccountUtm } from "./get-account-utm";
import { HeadlineStats, summaryTable } from "./headline-stats";
import { NoClicks } from "./no-clicks";
import { RankedTable } from "./ranked-table";
import { ReportGroup } from "./report-group";
import type { ReportTable } from "./report-table";
import { ReportToolbar } from "./report-toolbar";
import { TimelineSection } from "./timeline-section";
import { timelineTable } from "./timeline-table";

/**
 * The whole account's analytics. The API has no combined account report, so each section has its
 * own call; all of them start at once and each section shows as soon as its answer is in.
 */
export function AccountAnalytics({ query }: { query: AnalyticsQuery }) {
  usePageTitle("Analytics");
  const key = analyticsKey(query);
  const { range } = query;
  const overview = useApiQuery(`overview:${key}`, (signal) => getAccountOverview(range, signal));
  const conversions = useApiQuery(`conversions:${key}`, (signal) => getAccountConversions(range, signal));
  const timeline = useApiQuery(`timeline:${key}`, (signal) => getAccountTimeline(range, signal));
  const topLinks = useApiQuery(`top-links:${key}`, (signal) => getAccountTopLinks(range, signal));
  const geography = useApiQuery(`geography:${key}`, (signal) => getAccountGeography(range, signal));
  const devices = useApiQuery(`devices:${key}`, (signal) => getAccountDevices(range, signal));
  const referrers = useApiQuery(`referrers:${key}`, (signal) => getAccountReferrers(range, signal));
  const utm = useApiQuery(`utm:${key}`, (signal) => getAccountUtm(range, signal));

  // Revenue needs the conversions report; until it answers (or if it fails) the overview's count stands.
  const stats = overview.data
    ? buildStats({
        counts: overview.data.counts,
        previous: overview.data.previous,
        conversions: conversions.data ?? overview.data.conversions,
      })
    : undefined;
  const timelineRows = timeline.data
    ? timelineTable(timeline.data.timeline, timeline.data.range.granularity)
    : undefined;
  const topLinkRows = topLinks.data ? linksTable("top-links", "Top links", topLinks.data) : undefined;
  const locations = geography.data ? locationTables(geography.data) : [];
  const technology = devices.data ? technologyTables(devices.data) : [];
  const sources = referrers.data ? sourceTables(referrers.data) : [];
  const utmRows = utm.data ? utmTables(utm.data) : [];

  const counts = overview.data?.counts;
  const empty = counts !== undefined && counts.clicks + counts.bots + counts.headRequests === 0;
  const exported: ReportTable[] = [
    ...(stats ? [summaryTable(stats)] : []),
    ...(empty ? [] : [timelineRows, topLinkRows].filter((table) => table !== undefined)),
    ...(empty ? [] : [...locations, ...technology, ...sources, ...utmRows]),
  ];

  return (
    <>
      <section class="report-subject" aria-label="Scope">
        <p class="report-subject-title">All links of your account</p>
        <p class="muted">
          Open a link in <AppLink href={pathOf("links")}>Links</AppLink> or below under Top links to see its
          own numbers.
        </p>
      </section>

      <ReportToolbar
        query={query}
        tables={exported}
        fileName={csvFileName("account", range)}
        clicksHref={clickExportHref(range)}
      />

      <ReportGroup id="summary" title="Summary" query={overview} wide>
        {() => stats && <HeadlineStats stats={stats} />}
      </ReportGroup>

      {empty ? (
        <NoClicks period={describeRange(range)}>
          <p>Clicks on your short links show up here within a minute.</p>
          <AppLink href={pathOf("links")} class="button button-secondary">
            Create or share a link
          </AppLink>
        </NoClicks>
      ) : (
        <>
          <ReportGroup id="timeline" title="Timeline" query={timeline} wide>
            {(data) =>
              timelineRows && (
                <TimelineSection
                  points={data.timeline}
                  granularity={data.range.granularity}
                  table={timelineRows}
                  subject="all your links"
                />
              )
            }
          </ReportGroup>
          <ReportGroup id="top-links" title="Top links" query={topLinks} wide>
            {() => topLinkRows && <RankedTable table={topLinkRows} labelledBy="top-links-heading" />}
          </ReportGroup>
          <ReportGroup id="locations" title="Locations" query={geography} cards={3}>
            {() => locations.map((table) => <RankedTable key={table.id} table={table} />)}
          </ReportGroup>
          <ReportGroup id="technology" title="Devices and software" query={devices} cards={3}>
            {() => technology.map((table) => <RankedTable key={table.id} table={table} />)}
          </ReportGroup>
          <ReportGroup id="sources" title="Traffic sources" query={referrers} cards={2}>
            {() => sources.map((table) => <RankedTable key={table.id} table={table} />)}
          </ReportGroup>
          <ReportGroup id="utm" title="UTM parameters" query={utm} cards={3}>
            {() => utmRows.map((table) => <RankedTable key={table.id} table={table} />)}
          </ReportGroup>
        </>
      )}
    </>
  );
}
