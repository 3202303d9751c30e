import type { GrpcClient } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";
import type { AccountQuotaLookup } from "@kurz/service-runtime";

/** An account's MCP requests per minute from its plan (auth-server's plan table); 0: none set. */
export function mcpRequestsPerMinute(
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">,
  deadlineMs = 1_000,
): AccountQuotaLookup {
  return async (accountId) => {
    const { account } = await authServer.getAccount({ accountId }, { deadlineMs });
    return account?.plan?.mcpRequestsPerMinute ?? 0;
  };
}
