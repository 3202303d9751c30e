import { createGrpcClient, type GrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
import { UNLIMITED } from "../src/plans/limit";
import { PLAN_IDS, PLANS } from "../src/plans/plans";
import { Browser } from "./support/browser";
import { getAccountWith, registerClient, tokensFor } from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

let server: TestAuthServer;
let grpc: GrpcClient<(typeof authV1.AuthService)["method"]>;

beforeAll(async () => {
  server = await startTestAuthServer();
  grpc = createGrpcClient(authV1.AuthService, server.grpcAddress, {
    deadlineMs: 3000,
    auth: server.serviceAuth(),
  });
});

afterAll(async () => {
  grpc?.close();
  await server?.stop();
});

/** An account on `plan`: its id, and what its account page and REST account say about the plan. */
async function accountOn(email: string, plan: string) {
  const browser = new Browser(server.url);
  expect((await browser.signUp(email, "a long enough password")).status).toBe(303);
  if (plan !== "free") await setAccountPlan({ db: server.server.ctx.db, now: new Date() }, email, plan);
  const tokens = await tokensFor(server.url, browser, await registerClient(server.url), "account:read");
  const rest = (await (await getAccountWith(server.url, tokens.access_token)).json()) as {
    account: { id: string; plan: Record<string, unknown> };
  };
  return { id: rest.account.id, restPlan: rest.account.plan, page: (await browser.get("/account")).body };
}

const fact = (page: string, label: string) => new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(page)?.[1];

describe("plan limits: not included is not unlimited", () => {
  it("tells every service that the free plan includes no branded domains, where the old encoding said unlimited", async () => {
    const free = await accountOn("free-limits@example.com", "free");
    const { account } = await grpc.getAccount({ accountId: free.id });
    expect(account?.plan?.brandedDomainLimit?.kind).toEqual({ case: "max", value: 0 });
    expect(account?.plan?.linkLimit?.kind).toEqual({ case: "max", value: 500 });
    expect(account?.plan?.subdomainLimit?.kind).toEqual({ case: "max", value: 1 });
    expect(free.restPlan).toMatchObject({ max_branded_domains: 0, max_links: 500 });
    expect(fact(free.page, "Branded domains")).toBe("Not included");
    expect(fact(free.page, "Short links")).toBe("500");
  });

  it("tells them enterprise has no maximum as unlimited, never as 0", async () => {
    const enterprise = await accountOn("enterprise-limits@example.com", "enterprise");
    const { account } = await grpc.getAccount({ accountId: enterprise.id });
    expect(account?.plan?.brandedDomainLimit?.kind).toEqual({ case: "unlimited", value: true });
    expect(account?.plan?.linkLimit?.kind).toEqual({ case: "unlimited", value: true });
    expect(account?.plan?.webhookEndpointLimit?.kind).toEqual({ case: "max", value: 100 });
    expect(enterprise.restPlan).toMatchObject({ max_branded_domains: null, max_links: null });
    expect(fact(enterprise.page, "Branded domains")).toBe("Unlimited");
  });

  it("gives a feature a plan lacks a limit of 0, and every plan a REST rate", () => {
    for (const id of PLAN_IDS) {
      const plan = PLANS[id];
      if (!plan.abTests) expect(plan.maxAbTests, `${id} A/B tests`).toBe(0);
      if (!plan.webhooks) expect(plan.maxWebhookEndpoints, `${id} webhooks`).toBe(0);
      expect(plan.mcpRequestsPerMinute > 0, `${id} MCP rate`).toBe(plan.mcpAccess);
      expect(plan.restRequestsPerMinute, `${id} REST rate`).toBeGreaterThan(0);
      for (const limit of [plan.maxLinks, plan.maxQrCodes, plan.maxBrandedDomains, plan.maxApiKeys]) {
        expect(limit === UNLIMITED || (Number.isInteger(limit) && limit >= 0), `${id}: ${limit}`).toBe(true);
      }
    }
  });
});
