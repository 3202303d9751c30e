import { AB_TEST_TOOLS } from "./abtests/ab-test-tools";
import { ANALYTICS_TOOLS } from "./analytics/analytics-tools";
import { CAMPAIGN_TOOLS } from "./campaigns/campaign-tools";
import { DOMAIN_TOOLS, URL_DOMAIN_TOOLS } from "./domains/domain-tools";
import { checkAliasAvailability } from "./links/check-alias-availability";
import { deleteUrl } from "./links/delete-url";
import { getRecentUrls } from "./links/get-recent-urls";
import { getUrl } from "./links/get-url";
import { getUrlAnalytics } from "./links/get-url-analytics";
import { getUrlStats } from "./links/get-url-stats";
import { getUserUrlCount } from "./links/get-user-url-count";
import { getUserUrlStats } from "./links/get-user-url-stats";
import { listUrls } from "./links/list-urls";
import { shortenUrl } from "./links/shorten-url";
import { updateUrl } from "./links/update-url";
import { QR_TOOLS } from "./qr/qr-tools";
import type { ToolDefinition } from "./tool-definition";
import { WEBHOOK_TOOLS } from "./webhooks/webhook-tools";

/**
 * Every tool, in the order tools/list gives them (deterministic: the spec's categories, each in
 * the spec's order). A tool joins by being added here.
 */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  // URL tools (spec §4.4)
  shortenUrl,
  listUrls,
  getUrl,
  updateUrl,
  deleteUrl,
  getUserUrlCount,
  getUserUrlStats,
  checkAliasAvailability,
  getUrlStats,
  getUrlAnalytics,
  ...URL_DOMAIN_TOOLS,
  getRecentUrls,
  // QR code tools (spec §4.4)
  ...QR_TOOLS,
  // Analytics tools (spec §4.4)
  ...ANALYTICS_TOOLS,
  // Domain tools (spec §4.4)
  ...DOMAIN_TOOLS,
  // Campaign tools (spec §4.4)
  ...CAMPAIGN_TOOLS,
  // A/B testing tools (spec §4.4)
  ...AB_TEST_TOOLS,
  // Webhook tools (Kurz's own, beyond the spec's list)
  ...WEBHOOK_TOOLS,
] as unknown as readonly ToolDefinition[];
