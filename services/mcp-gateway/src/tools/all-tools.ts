import { AB_TEST_TOOLS } from "./abtests/ab-test-tools";
import { ANALYTICS_TOOLS } from "./analytics/analytics-tools";
import { CAMPAIGN_TOOLS } from "./campaigns/campaign-tools";
import { DOMAIN_TOOLS, URL_DOMAIN_TOOLS } from "./domains/domain-tools";
import { bulkDeleteUrls } from "./links/bulk-delete-urls";
import { bulkShortenUrls } from "./links/bulk-shorten-urls";
import { checkAliasAvailability } from "./links/check-alias-availability";
import { deleteUrl } from "./links/delete-url";
import { exportLinks } from "./links/export-links";
import { getImportStatus } from "./links/get-import-status";
import { getRecentUrls } from "./links/get-recent-urls";
import { getUrl } from "./links/get-url";
import { getUrlAnalytics } from "./links/get-url-analytics";
import { getUrlStats } from "./links/get-url-stats";
import { getUserUrlCount } from "./links/get-user-url-count";
import { getUserUrlStats } from "./links/get-user-url-stats";
import { importLinks } from "./links/import-links";
import { listUrls } from "./links/list-urls";
import { setRedirectRules } from "./links/set-redirect-rules";
import { shortenUrl } from "./links/shorten-url";
import { simulateRedirect } from "./links/simulate-redirect";
import { updateUrl } from "./links/update-url";
import { QR_TOOLS } from "./qr/qr-tools";
import type { ToolDefinition } from "./tool-definition";
import { WEBHOOK_TOOLS } from "./webhooks/webhook-tools";
import { WORKSPACE_TOOLS } from "./workspaces/workspace-tools";

/**
 * Every tool, in the order tools/list gives them (deterministic: by category, each in a fixed
 * order; docs/api/mcp.md#tools lists them). A tool joins by being added here.
 */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  // URL tools (docs/api/mcp.md#url-tools)
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
  bulkShortenUrls,
  bulkDeleteUrls,
  exportLinks,
  importLinks,
  getImportStatus,
  setRedirectRules,
  simulateRedirect,
  // QR code tools (docs/api/mcp.md#qr-code-tools)
  ...QR_TOOLS,
  // Analytics tools (docs/api/mcp.md#analytics-tools)
  ...ANALYTICS_TOOLS,
  // Domain tools (docs/api/mcp.md#domain-tools)
  ...DOMAIN_TOOLS,
  // Campaign tools (docs/api/mcp.md#campaign-tools)
  ...CAMPAIGN_TOOLS,
  // A/B testing tools (docs/api/mcp.md#ab-testing-tools)
  ...AB_TEST_TOOLS,
  // Webhook tools (docs/api/mcp.md#webhook-tools)
  ...WEBHOOK_TOOLS,
  // Workspace tools (docs/api/mcp.md#workspace-tools)
  ...WORKSPACE_TOOLS,
] as unknown as readonly ToolDefinition[];
