/** The one value of a Limit that means "no maximum". */
export const UNLIMITED = "unlimited";

/**
 * How many of something the plan allows: a count, where 0 means "not included", or UNLIMITED.
 * The two once shared the value 0, and free accounts could add unlimited branded domains while
 * their plan page said "Not included"; keeping them apart in the type makes every reader choose.
 */
export type Limit = number | typeof UNLIMITED;

/** What an account's plan allows link-api to store. */
export interface PlanLimits {
  planId: string;
  maxLinks: Limit;
  maxQrCodes: Limit;
  maxCampaigns: Limit;
  maxSubdomains: Limit;
  maxBrandedDomains: Limit;
  restRequestsPerMinute: number;
}

/** The port to auth-server's plans (gRPC in production, a test AuthService in tests). */
export interface AccountPlans {
  /** Rejects with DEPENDENCY_UNAVAILABLE when the plan cannot be had, FORBIDDEN for an unknown account. */
  getPlan(accountId: string): Promise<PlanLimits>;
}

export type PlanQuota = "maxLinks" | "maxQrCodes" | "maxCampaigns" | "maxSubdomains" | "maxBrandedDomains";

/** The REST (JSON) form: the number, or null for unlimited; 0 stays 0, "not included". */
export function limitToJson(limit: Limit): number | null {
  return limit === UNLIMITED ? null : limit;
}
