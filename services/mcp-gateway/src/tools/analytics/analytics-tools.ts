import type { ToolDefinition } from "../tool-definition";
import { getClicksTimeline } from "./get-clicks-timeline";
import { getCompleteAnalytics } from "./get-complete-analytics";
import { getDeviceAnalytics } from "./get-device-analytics";
import { getGeographicStats } from "./get-geographic-stats";
import { getOverviewStats } from "./get-overview-stats";
import { getReferrersData } from "./get-referrers-data";
import { getStats } from "./get-stats";
import { getTopPerformingUrls } from "./get-top-performing-urls";
import { getUtmAnalytics } from "./get-utm-analytics";
import { recordConversion } from "./record-conversion";

/** The analytics tools of spec §4.4 built so far, in its order. */
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
] as unknown as readonly ToolDefinition[];
