import type { ToolDefinition } from "../tool-definition";
import { assignUrlToCampaign } from "./assign-url-to-campaign";
import { createCampaign } from "./create-campaign";
import { deleteCampaign } from "./delete-campaign";
import { getCampaign } from "./get-campaign";
import { getCampaignAnalytics } from "./get-campaign-analytics";
import { getCampaignUrls } from "./get-campaign-urls";
import { listCampaigns } from "./list-campaigns";
import { removeUrlFromCampaign } from "./remove-url-from-campaign";
import { updateCampaign } from "./update-campaign";

/** The campaign tools, in their order (docs/api/mcp.md#campaign-tools). */
export const CAMPAIGN_TOOLS = [
  createCampaign,
  listCampaigns,
  getCampaign,
  getCampaignAnalytics,
  updateCampaign,
  deleteCampaign,
  getCampaignUrls,
  assignUrlToCampaign,
  removeUrlFromCampaign,
] as unknown as readonly ToolDefinition[];
