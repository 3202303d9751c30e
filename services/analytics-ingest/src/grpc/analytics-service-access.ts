import type { Scope } from "@kurz/auth-verifier";
import type { GrpcServiceAccess, MethodAccess } from "@kurz/grpc";
import type { analyticsV1 } from "@kurz/proto";

const account = (scope: Scope): MethodAccess => ({ account: scope });
const READ = account("analytics:read");

/**
 * Who may call AnalyticsService (checked by the server before the handler runs; see @kurz/grpc
 * README): every method acts for an account, with the scope of its REST twin.
 */
export const ANALYTICS_SERVICE_ACCESS: GrpcServiceAccess<(typeof analyticsV1.AnalyticsService)["method"]> = {
  getLinkStats: READ,
  getGeography: READ,
  getDevices: READ,
  getReferrers: READ,
  getUtmBreakdown: READ,
  listLinksWithUtm: READ,
  getCompleteAnalytics: READ,
  getAccountOverview: READ,
  getClicksTimeline: READ,
  getTopLinks: READ,
  getTrafficQuality: READ,
  listClickDetails: READ,
  getRecentActivity: READ,
  getDomainAnalytics: READ,
  getCampaignAnalytics: READ,
  getQrAnalytics: READ,
  getConversionStats: READ,
  getRuleAnalytics: READ,
  // abtest-engine's service token only, for the account the request names (checked in the handler).
  getVariantStats: "service",
  // A scan recorded by hand changes what the account's QR analytics say: a write on its QR codes.
  trackQrScan: account("qrcode:update"),
  recordConversion: account("conversion:write"),
};
