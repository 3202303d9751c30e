import type { Scope } from "@kurz/auth-verifier";
import type { GrpcServiceAccess, MethodAccess } from "@kurz/grpc";
import type { abtestsV1 } from "@kurz/proto";

const account = (scope: Scope): MethodAccess => ({ account: scope });

/**
 * Who may call each AbTestService method: a call acting for an account whose token grants the
 * scope of the method's REST twin (a forwarded access token, or an MCP key's internal token).
 */
export const AB_TEST_SERVICE_ACCESS: GrpcServiceAccess<(typeof abtestsV1.AbTestService)["method"]> = {
  createAbTest: account("abtest:write"),
  getAbTest: account("abtest:read"),
  listAbTests: account("abtest:read"),
  updateAbTest: account("abtest:write"),
  deleteAbTest: account("abtest:write"),
  startAbTest: account("abtest:write"),
  pauseAbTest: account("abtest:write"),
  resumeAbTest: account("abtest:write"),
  completeAbTest: account("abtest:write"),
  getAbTestAnalytics: account("abtest:read"),
};
