import type { ToolDefinition } from "../tool-definition";
import { checkDomainAvailability } from "./check-domain-availability";
import { checkSubdomainAvailability } from "./check-subdomain-availability";
import { checkSubdomainAvailabilityUrl } from "./check-subdomain-availability-url";
import { createBrandedDomain } from "./create-branded-domain";
import { createSubdomain } from "./create-subdomain";
import { deleteBrandedDomain } from "./delete-branded-domain";
import { deleteSubdomain } from "./delete-subdomain";
import { getDomainSuggestions } from "./get-domain-suggestions";
import { getTxtVerificationInfo } from "./get-txt-verification-info";
import { getUserDomains } from "./get-user-domains";
import { updateBrandedDomain } from "./update-branded-domain";
import { updateDomainSettings } from "./update-domain-settings";
import { updateSubdomain } from "./update-subdomain";
import { verifyBrandedDomain } from "./verify-branded-domain";
import { verifySubdomain } from "./verify-subdomain";
import { verifyTxtRecord } from "./verify-txt-record";

/** The domain tools, in their order, getUserDomains first (docs/api/mcp.md#domain-tools). */
export const DOMAIN_TOOLS = [
  getUserDomains,
  createSubdomain,
  createBrandedDomain,
  verifyBrandedDomain,
  updateSubdomain,
  deleteSubdomain,
  updateBrandedDomain,
  updateDomainSettings,
  deleteBrandedDomain,
  checkSubdomainAvailability,
  checkDomainAvailability,
  getDomainSuggestions,
  getTxtVerificationInfo,
  verifyTxtRecord,
] as unknown as readonly ToolDefinition[];

/** The tools about subdomains served among the URL tools (docs/api/mcp.md#url-tools). */
export const URL_DOMAIN_TOOLS = [
  checkSubdomainAvailabilityUrl,
  verifySubdomain,
] as unknown as readonly ToolDefinition[];
