import { randomUUID } from "node:crypto";
import type { AccessToken, TokenVerifier } from "@kurz/auth-verifier";
import { createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import type { CallActor } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { redisBackend } from "@kurz/testing";
import { type AppDependencies, buildApp } from "../../src/app";
import type { ToolClients } from "../../src/tools/tool-clients";

/** An account as the test's auth-server knows it: its plan's MCP rate and features. */
export interface TestAccount {
  mcpRequestsPerMinute: number;
  webhooks?: boolean;
  abTests?: boolean;
}

/** A key as the test's auth-server verifies it. */
export interface TestKey {
  keyId: string;
  accountId: string;
  permissions: string[];
}

/**
 * The real app of mcp-gateway (routes, sessions, SDK transports, the rate limit in Redis) on a
 * TestClock, with auth-server, the token verifier and the owning services played by the test:
 * what it knows is in `accounts`, `keys` and `tokens` (change them to revoke, expire, downgrade),
 * `getAccountFails` makes GetAccount fail, and every tool call's actor is in `toolCalls`.
 */
export async function startTestMcpGateway(
  config: Partial<AppDependencies["config"]> = {},
): Promise<TestMcpGateway> {
  const redis = await redisBackend();
  if (!redis.available) throw new Error(redis.reason);
  const cache = createCache({ redisUrl: redis.value.url, keyPrefix: `test:mcp-gateway:${randomUUID()}:` });
  const clock = new TestClock({ frozen: true });
  const gateway = {
    clock,
    accounts: new Map<string, TestAccount>(),
    keys: new Map<string, TestKey>(),
    tokens: new Map<string, AccessToken>(),
    getAccountFails: false,
    verifyApiKeyCalls: 0,
    toolCalls: [] as Array<{ method: string; actor: CallActor | undefined }>,
  };
  const refusing =
    (method: string, code: "URL_NOT_FOUND" | "INSUFFICIENT_SCOPE") =>
    async (_request: unknown, options?: { actor?: CallActor }) => {
      gateway.toolCalls.push({ method, actor: options?.actor });
      throw new AppError(code, { message: `${method} refused by the test's service` });
    };
  const clients = {
    links: { getLink: refusing("links.getLink", "URL_NOT_FOUND") },
    qr: {},
    campaigns: {},
    domains: {},
    analytics: {},
    abTests: {},
    webhooks: {
      // Answers (an account with no endpoints): listing works on every plan.
      listWebhooks: async (_request: unknown, options?: { actor?: CallActor }) => {
        gateway.toolCalls.push({ method: "webhooks.listWebhooks", actor: options?.actor });
        return { webhooks: [], page: { page: 1, limit: 20, total: 0n } };
      },
      createWebhook: refusing("webhooks.createWebhook", "INSUFFICIENT_SCOPE"),
    },
    workspaces: {},
  } as unknown as ToolClients;
  const verify = async (token: string) => {
    const known = gateway.tokens.get(token);
    if (known === undefined || known.expiresAt <= clock.now()) {
      throw new AppError("INVALID_TOKEN", { message: "The access token is invalid or expired" });
    }
    return known;
  };
  const tokens: TokenVerifier = {
    verify,
    // Each token acts in its person's own workspace, as owner.
    authorize: async (token) => ({ ...(await verify(token)), role: "owner" }),
  };
  const authServer = {
    verifyApiKey: async ({ apiKey }: { apiKey: string }) => {
      gateway.verifyApiKeyCalls++;
      const key = gateway.keys.get(apiKey);
      if (key === undefined) throw new AppError("AUTHENTICATION_REQUIRED", { message: "Unknown API key" });
      return { keyId: key.keyId, account: { id: key.accountId }, permissions: key.permissions };
    },
    getAccount: async ({ accountId }: { accountId: string }) => {
      if (gateway.getAccountFails) throw new AppError("DEPENDENCY_UNAVAILABLE");
      const account = gateway.accounts.get(accountId);
      return { account: account === undefined ? undefined : { id: accountId, plan: account } };
    },
  } as unknown as AppDependencies["authServer"];
  const app = await buildApp({
    logger: createLogger({ service: "mcp-gateway-test", level: "silent" }),
    readiness: [],
    config: {
      MCP_KEY_CACHE_MS: 5_000,
      MCP_SESSION_IDLE_MS: 30 * 60_000,
      MCP_MAX_SESSIONS_PER_ACCOUNT: 100,
      MCP_MAX_SESSIONS: 10_000,
      MCP_SSE_KEEPALIVE_MS: 25_000,
      MCP_TOOLS_PAGE_SIZE: 0,
      PLAN_CACHE_TTL_MS: 30_000,
      MCP_UNAUTHENTICATED_PER_MINUTE: 60,
      PUBLIC_BASE_URL: "http://localhost:8080",
      TRUST_PROXY: ["loopback"],
      MCP_ALLOWED_HOSTS: [],
      MCP_ALLOWED_ORIGINS: [],
      ...config,
    },
    authServer,
    clients,
    tokens,
    store: cache.cache,
    clock,
  });
  await app.http.app.ready();
  return {
    clock,
    accounts: gateway.accounts,
    keys: gateway.keys,
    tokens: gateway.tokens,
    state: gateway,
    app,
    async close() {
      await app.http.app.close();
      await cache.close();
    },
  };
}

export interface TestMcpGateway {
  clock: TestClock;
  accounts: Map<string, TestAccount>;
  keys: Map<string, TestKey>;
  tokens: Map<string, AccessToken>;
  /** The switches and records: getAccountFails, verifyApiKeyCalls, toolCalls. */
  state: {
    getAccountFails: boolean;
    verifyApiKeyCalls: number;
    toolCalls: Array<{ method: string; actor: CallActor | undefined }>;
  };
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}
