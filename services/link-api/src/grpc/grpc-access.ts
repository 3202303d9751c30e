import type { Scope } from "@kurz/auth-verifier";
import type { GrpcServiceAccess, MethodAccess } from "@kurz/grpc";
import type { campaignsV1, domainsV1, linksV1, qrV1 } from "@kurz/proto";

/** A method acting for an account whose token grants `scope` — the scope of its REST twin. */
const account = (scope: Scope): MethodAccess => ({ account: scope });

/**
 * Who may call each of link-api's gRPC methods (checked by the server before the handler runs;
 * see @kurz/grpc README). Account methods require the scope their REST route requires, so a
 * forwarded token or an API key's token is worth exactly as much here as over REST.
 */
export const LINK_SERVICE_ACCESS: GrpcServiceAccess<(typeof linksV1.LinkService)["method"]> = {
  // The redirect edge asks with its service token: no account, any link.
  resolve: "service",
  resolveHost: "service",
  createLink: account("shorturl:create"),
  getLink: account("shorturl:read"),
  listLinks: account("shorturl:read"),
  updateLink: account("shorturl:update"),
  deleteLink: account("shorturl:delete"),
  checkAlias: account("shorturl:read"),
  getLinkStats: account("shorturl:read"),
  // abtest-engine's own token (checked in the handler: requireCallingService).
  setAbRouting: "service",
  createRotatorLink: "service",
  bulkCreateLinks: account("shorturl:create"),
  bulkUpdateLinks: account("shorturl:update"),
  bulkDeleteLinks: account("shorturl:delete"),
  // As REST's POST /imports, GET /imports/{id} and POST /imports/{id}/cancel.
  startImport: account("shorturl:create"),
  getImport: account("shorturl:read"),
  cancelImport: account("shorturl:create"),
  simulateRedirect: account("shorturl:read"),
};

export const QR_SERVICE_ACCESS: GrpcServiceAccess<(typeof qrV1.QrService)["method"]> = {
  createQrCode: account("qrcode:create"),
  getQrCode: account("qrcode:read"),
  listQrCodes: account("qrcode:read"),
  updateQrCode: account("qrcode:update"),
  deleteQrCode: account("qrcode:delete"),
  renderQrCode: account("qrcode:read"),
  countQrCodes: account("qrcode:read"),
};

export const CAMPAIGN_SERVICE_ACCESS: GrpcServiceAccess<(typeof campaignsV1.CampaignService)["method"]> = {
  createCampaign: account("campaign:write"),
  getCampaign: account("campaign:read"),
  listCampaigns: account("campaign:read"),
  updateCampaign: account("campaign:write"),
  deleteCampaign: account("campaign:write"),
  listCampaignLinks: account("campaign:read"),
  assignLink: account("campaign:write"),
  removeLink: account("campaign:write"),
};

export const DOMAIN_SERVICE_ACCESS: GrpcServiceAccess<(typeof domainsV1.DomainService)["method"]> = {
  listDomains: account("domain:read"),
  createSubdomain: account("domain:write"),
  getSubdomain: account("domain:read"),
  updateSubdomain: account("domain:write"),
  deleteSubdomain: account("domain:write"),
  checkSubdomainAvailability: account("domain:read"),
  suggestSubdomains: account("domain:read"),
  createBrandedDomain: account("domain:write"),
  getBrandedDomain: account("domain:read"),
  updateBrandedDomain: account("domain:write"),
  deleteBrandedDomain: account("domain:write"),
  checkDomainAvailability: account("domain:read"),
  getTxtVerificationInfo: account("domain:read"),
  verifyBrandedDomain: account("domain:write"),
};

/**
 * Service methods for analytics-ingest: no account token, the request names the account (the
 * caller verified it). "service" admits any service's token; the handlers admit analytics-ingest's
 * only (requireCallingService).
 */
export const OWNERSHIP_SERVICE_ACCESS: GrpcServiceAccess<(typeof linksV1.OwnershipService)["method"]> = {
  findLink: "service",
  checkCampaign: "service",
  checkHost: "service",
};

export const CLICK_COUNT_SERVICE_ACCESS: GrpcServiceAccess<(typeof linksV1.ClickCountService)["method"]> = {
  setClickCounts: "service",
};
