import type { ToolDefinition } from "../tool-definition";
import { getBrandAnalytics } from "./get-brand-analytics";
import { getClickDetails } from "./get-click-details";
import { getClicksTimeline } from "./get-clicks-timeline";
import { getCompleteAnalytics } from "./get-complete-analytics";
import { getDeviceAnalytics } from "./get-device-analytics";
import { getGeographicStats } from "./get-geographic-stats";
import { getOverviewStats } from "./get-overview-stats";
import { getRecentActivity } from "./get-recent-activity";
import { getReferrersData } from "./get-referrers-data";
import { getRuleAnalytics } from "./get-rule-analytics";
import { getStats } from "./get-stats";
import { getTopPerformingUrls } from "./get-top-performing-urls";
import { getTrafficQuality } from "./get-traffic-quality";
import { getUrlsWithUtm } from "./get-urls-with-utm";
import { getUserDeviceAnalytics } from "./get-user-device-analytics";
import { getUserLocationAnalytics } from "./get-user-location-analytics";
import { getUtmAnalytics } from "./get-utm-analytics";
import { recordConversion } from "./record-conversion";

/** The analytics tools in their order; getAbTestAnalytics is with the A/B tools (docs/api/mcp.md). */
export const ANALYTICS_TOOLS = [
  getStats,
  getGeographicStats,
  getUtmAnalytics,
  getDeviceAnalytics,
  getCompleteAnalytics,
  recordConversion,
  getOverviewStats,
  getClicksTimeline,
  getTopPerformingUrls,
  getReferrersData,
  getUserLocationAnalytics,
  getUrlsWithUtm,
  getTrafficQuality,
  getClickDetails,
  getUserDeviceAnalytics,
  getRecentActivity,
  getBrandAnalytics,
  getRuleAnalytics,
] as unknown as readonly ToolDefinition[];
