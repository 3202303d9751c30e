import { useLocation } from "../../router";
import { AccountAnalytics } from "./account-analytics";
import { readAnalyticsQuery } from "./analytics-query";
import { CampaignAnalytics } from "./campaign-analytics";
import { DomainAnalytics } from "./domain-analytics";
import { LinkAnalytics } from "./link-analytics";

/**
 * The analytics page's content, loaded on demand (it brings uPlot): the view the URL names.
 * Each view is keyed by its subject so that going from one link to another starts afresh.
 */
export function AnalyticsView() {
  const { search } = useLocation();
  const query = readAnalyticsQuery(search);
  const { scope } = query;
  switch (scope.kind) {
    case "link":
      return <LinkAnalytics key={`link:${scope.ref}`} query={query} linkRef={scope.ref} />;
    case "campaign":
      return <CampaignAnalytics key={`campaign:${scope.id}`} query={query} campaignId={scope.id} />;
    case "domain":
      return <DomainAnalytics key={`domain:${scope.host}`} query={query} host={scope.host} />;
    default:
      return <AccountAnalytics query={query} />;
  }
}
