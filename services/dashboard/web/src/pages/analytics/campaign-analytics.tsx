import { AppLink } from "../../components/app-link";
import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { pathOf } from "../../router";
import { analyticsHref } from "./analytics-href";
import { type AnalyticsQuery, analyticsKey, describeRange } from "./analytics-query";
import { linksTable, sourceTables } from "./build-report-tables";
import { buildStats } from "./build-stats";
import { csvFileName } from "./csv-file-name";
import { getCampaign } from "./get-campaign";
import { getCampaignAnalytics } from "./get-campaign-analytics";
import { HeadlineStats, summaryTable } from "./headline-stats";
import { NoClicks } from "./no-clicks";
import { RankedTable } from "./ranked-table";
import { ReportGroup } from "./report-group";
import type { ReportTable } from "./report-table";
import { ReportToolbar } from "./report-toolbar";
import { TimelineSection } from "./timeline-section";
import { timelineTable } from "./timeline-table";

/**
 * One campaign's analytics: what the API reports for a campaign (totals, timeline, its links,
 * referrers, conversions) in one call, beside the campaign's name.
 */
export function CampaignAnalytics({ query, campaignId }: { query: AnalyticsQuery; campaignId: string }) {
  const key = analyticsKey(query);
  const campaign = useApiQuery(`campaign:${campaignId}`, (signal) => getCampaign(campaignId, signal));
  const report = useApiQuery(`campaign-report:${key}`, (signal) =>
    getCampaignAnalytics(campaignId, query.range, signal),
  );
  const name = campaign.data?.name ?? "campaign";
  usePageTitle(`Analytics of ${name}`);

  const data = report.data;
  const stats = data ? buildStats({ counts: data.counts, conversions: data.conversions }) : undefined;
  const timeline = data ? timelineTable(data.timeline, data.range.granularity) : undefined;
  const links = data ? linksTable("campaign-links", "Links of this campaign", data.links) : undefined;
  const sources = data ? sourceTables(data.referrers) : [];
  const empty = data !== undefined && data.counts.clicks + data.counts.bots + data.counts.headRequests === 0;
  const exported: ReportTable[] = stats
    ? [summaryTable(stats), ...(empty ? [] : [timeline, links, ...sources].filter((t) => t !== undefined))]
    : [];

  return (
    <>
      <section class="report-subject" aria-label="Campaign">
        {campaign.status === "loading" && <p class="muted">Loading the campaign…</p>}
        {campaign.status === "error" && (
          <ErrorNotice
            title="This campaign could not be loaded"
            error={campaign.error}
            onRetry={campaign.reload}
          />
        )}
        {campaign.status === "ready" && (
          <>
            <p class="report-subject-title">Campaign: {campaign.data.name}</p>
            {campaign.data.description && <p class="muted">{campaign.data.description}</p>}
          </>
        )}
        <p class="report-subject-links">
          <AppLink href={pathOf("campaigns")}>All campaigns</AppLink>
          <AppLink href={analyticsHref()}>Analytics of all links</AppLink>
        </p>
      </section>

      <ReportToolbar
        query={query}
        tables={exported}
        fileName={csvFileName(`campaign-${name}`, query.range)}
      />

      {/* One call feeds every section: one message when it fails, not one per section. */}
      {campaign.status !== "error" && report.status === "error" && (
        <ErrorNotice
          title="The analytics of this campaign could not be loaded"
          error={report.error}
          onRetry={report.reload}
        />
      )}
      {campaign.status !== "error" && report.status !== "error" && (
        <>
          <ReportGroup id="summary" title="Summary" query={report} wide>
            {() => stats && <HeadlineStats stats={stats} />}
          </ReportGroup>
          {empty ? (
            <NoClicks period={describeRange(query.range)}>
              <p>Clicks on this campaign's links show up here within a minute.</p>
            </NoClicks>
          ) : (
            <>
              <ReportGroup id="timeline" title="Timeline" query={report} wide>
                {(answer) =>
                  timeline && (
                    <TimelineSection
                      points={answer.timeline}
                      granularity={answer.range.granularity}
                      table={timeline}
                      subject={`the campaign ${name}`}
                    />
                  )
                }
              </ReportGroup>
              <ReportGroup id="campaign-links" title="Links of this campaign" query={report} wide>
                {() => links && <RankedTable table={links} labelledBy="campaign-links-heading" />}
              </ReportGroup>
              <ReportGroup id="sources" title="Traffic sources" query={report} cards={2}>
                {() => sources.map((table) => <RankedTable key={table.id} table={table} />)}
              </ReportGroup>
            </>
          )}
        </>
      )}
    </>
  );
}
