import type { MessageInitShape } from "@bufbuild/protobuf";
import { AppError } from "@kurz/errors";
import { createGrpcServer } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";

export type TestPlan = MessageInitShape<typeof authV1.PlanSchema>;

export interface TestAuthServiceOptions {
  /** Plans by account id. */
  plans?: Record<string, TestPlan>;
  /** Plan of any other account; null: other accounts are NOT_FOUND. Default: unlimited "business". */
  defaultPlan?: TestPlan | null;
}

export interface TestAuthService {
  /** host:port, as AUTH_SERVER_GRPC_ADDR. */
  address: string;
  setPlan(accountId: string, plan: TestPlan): void;
  /** Marks an access token revoked (IsTokenRevoked answers true for it from now on). */
  revoke(jti: string): void;
  /**
   * Sets a person's role in a workspace (GetMembership answers it); undefined removes them. By
   * default a person is the owner of the workspace with their id and a member of no other.
   */
  setRole(userId: string, workspaceId: string, role: string | undefined): void;
  /** IsTokenRevoked calls answered so far. */
  readonly isTokenRevokedCalls: number;
  /** GetMembership calls answered so far. */
  readonly getMembershipCalls: number;
  /** GetAccount calls answered so far (to observe caching). */
  readonly getAccountCalls: number;
  stop(): Promise<void>;
}

const UNLIMITED: TestPlan = { id: "business", mcpAccess: true, webhooks: true, abTests: true };

/**
 * A real gRPC AuthService (GetAccount; GetMembership; VerifyApiKey refuses every key; IsTokenRevoked for the jtis
 * revoked through `revoke`) answering from fixed plans, so a service can be tested with quotas without auth-server.
 */
export async function startTestAuthService(options: TestAuthServiceOptions = {}): Promise<TestAuthService> {
  const plans = new Map(Object.entries(options.plans ?? {}));
  const defaultPlan = options.defaultPlan === undefined ? UNLIMITED : options.defaultPlan;
  let getAccountCalls = 0;
  let isTokenRevokedCalls = 0;
  let getMembershipCalls = 0;
  const revoked = new Set<string>();
  const roles = new Map<string, string | undefined>();
  // A test double: it checks no callers (the real services' authenticators are tested on them).
  const server = createGrpcServer({ unauthenticated: true });
  server.addService(authV1.AuthService, {
    async verifyApiKey() {
      throw new AppError("AUTHENTICATION_REQUIRED", { message: "The test auth service knows no API keys" });
    },
    async getAccount(request) {
      getAccountCalls++;
      const plan = plans.get(request.accountId) ?? defaultPlan;
      if (!plan) throw new AppError("NOT_FOUND", { message: "Account not found" });
      return {
        account: { id: request.accountId, email: `${request.accountId}@example.test`, name: "Test", plan },
      };
    },
    async getMembership(request) {
      getMembershipCalls++;
      const key = `${request.userId}/${request.workspaceId}`;
      const role = roles.has(key)
        ? roles.get(key)
        : request.userId === request.workspaceId
          ? "owner"
          : undefined;
      return { role: role ?? "" };
    },
    async isTokenRevoked(request) {
      isTokenRevokedCalls++;
      return { revoked: revoked.has(request.jti) };
    },
    async listRevokedTokens() {
      return { tokens: [...revoked].map((jti) => ({ jti })) };
    },
  });
  const port = await server.listen("127.0.0.1", 0);
  return {
    address: `127.0.0.1:${port}`,
    setPlan: (accountId, plan) => plans.set(accountId, plan),
    revoke: (jti) => revoked.add(jti),
    setRole: (userId, workspaceId, role) => roles.set(`${userId}/${workspaceId}`, role),
    get isTokenRevokedCalls() {
      return isTokenRevokedCalls;
    },
    get getMembershipCalls() {
      return getMembershipCalls;
    },
    get getAccountCalls() {
      return getAccountCalls;
    },
    stop: () => server.shutdown(1_000),
  };
}
