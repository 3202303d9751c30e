import type { GrpcClient } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";
import type { PlanLimits } from "../resources/resource-definition";

/** The plan of an account from auth-server (`GetAccount`, the gateway's own token). */
export function planLimitsOf(
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">,
): (accountId: string) => Promise<PlanLimits> {
  return async (accountId) => {
    const { account } = await authServer.getAccount({ accountId }, { actor: "service" });
    const plan = account?.plan;
    return {
      id: plan?.id ?? "",
      mcpRequestsPerMinute: plan?.mcpRequestsPerMinute ?? 0,
      limits: {
        links: plan?.linkLimit,
        qr_codes: plan?.qrCodeLimit,
        campaigns: plan?.campaignLimit,
        ab_tests: plan?.abTestLimit,
        subdomains: plan?.subdomainLimit,
        branded_domains: plan?.brandedDomainLimit,
      },
    };
  };
}
