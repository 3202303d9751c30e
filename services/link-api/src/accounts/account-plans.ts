/** What an account's plan allows link-api to store; 0 means unlimited. */
export interface PlanLimits {
  planId: string;
  maxLinks: number;
  maxQrCodes: number;
  maxCampaigns: number;
  maxSubdomains: number;
  maxBrandedDomains: number;
  restRequestsPerMinute: number;
}

/** The port to auth-server's plans (gRPC in production, a test AuthService in tests). */
export interface AccountPlans {
  /** Rejects with DEPENDENCY_UNAVAILABLE when the plan cannot be had, FORBIDDEN for an unknown account. */
  getPlan(accountId: string): Promise<PlanLimits>;
}

export type PlanQuota = "maxLinks" | "maxQrCodes" | "maxCampaigns" | "maxSubdomains" | "maxBrandedDomains";
