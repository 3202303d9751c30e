import { timestampDate } from "@bufbuild/protobuf/wkt";
import { createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import type { AdminOperations } from "./admin-operations";
import { ADMIN_SECRET_METADATA_KEY } from "./admin-secret";

/** The operations through a running auth-server's AdminService. */
export function createGrpcAdminOperations(address: string, secret: string | undefined): AdminOperations {
  const client = createGrpcClient(authV1.AdminService, address, {
    deadlineMs: 30_000,
    // An operator waits for one answer; a refusal or failure is reported, not retried.
    retry: { maxAttempts: 1 },
    metadata: secret === undefined ? {} : { [ADMIN_SECRET_METADATA_KEY]: secret },
  });
  return {
    async setPlan(email, planId) {
      const change = await client.setAccountPlan({ email, planId });
      return {
        accountId: change.accountId,
        email: change.email,
        previousPlan: change.previousPlan,
        plan: change.plan,
        changed: change.changed,
      };
    },
    async findAccount(email) {
      try {
        const account = await client.findAccountByEmail({ email });
        return {
          accountId: account.accountId,
          email: account.email,
          plan: account.plan,
          createdAt: account.createdAt ? timestampDate(account.createdAt) : new Date(0),
        };
      } catch (error) {
        if ((error as { code?: string }).code === "NOT_FOUND") return undefined;
        throw error;
      }
    },
    async rotateSigningKey(immediately) {
      const result = await client.rotateSigningKey({ immediately });
      return {
        kid: result.kid,
        activatesAt: result.activatesAt ? timestampDate(result.activatesAt) : new Date(),
      };
    },
    close: async () => client.close(),
  };
}
