import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "../src/plans/plans";
import { Browser } from "./support/browser";
import {
  getAccountWith,
  postToken,
  type RegisteredClient,
  registerClient,
  tokensFor,
} from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const REGISTRATIONS_PER_HOUR = 3;
const TOKEN_REQUESTS_PER_MINUTE = 4;
let server: TestAuthServer;

beforeAll(async () => {
  server = await startTestAuthServer({
    REGISTRATIONS_PER_HOUR_PER_IP: String(REGISTRATIONS_PER_HOUR),
    OAUTH_TOKEN_REQUESTS_PER_MINUTE: String(TOKEN_REQUESTS_PER_MINUTE),
  });
});

afterAll(async () => {
  await server?.stop();
});

const retryAfterOf = (headers: Headers) => Number(headers.get("retry-after"));

// Runs first: the later tests register clients within the fresh hour it leaves behind.
describe("POST /mcp/oauth/register", () => {
  it("allows REGISTRATIONS_PER_HOUR_PER_IP per address, then 429 in OAuth terms until the hour's window resets", async () => {
    const register = () =>
      fetch(`${server.url}/mcp/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Limited", redirect_uris: ["http://127.0.0.1:9/cb"] }),
      });
    let refused: Response | undefined;
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_HOUR && !refused; i++) {
      const response = await register();
      statuses.push(response.status);
      expect(response.headers.get("ratelimit-policy")).toBe(`"register";q=${REGISTRATIONS_PER_HOUR};w=3600`);
      if (response.status === 429) refused = response;
    }
    expect(statuses).toEqual([...Array(REGISTRATIONS_PER_HOUR).fill(201), 429]);
    const retryAfter = retryAfterOf(refused!.headers);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused!.headers.get("ratelimit")).toBe(`"register";r=0;t=${retryAfter}`);
    const body = (await refused!.json()) as { error: string; error_description: string };
    expect(body.error).toBe("invalid_request");
    expect(body.error_description).toContain(`retry after ${retryAfter} seconds`);

    server.clock.advance(retryAfter * 1000);
    expect((await register()).status).toBe(201);
  });
});

describe("the account API", () => {
  it("serves the plan's requests per minute with RateLimit fields, refuses the next with 429 PLAN_LIMIT_EXCEEDED, and serves again after the window", async () => {
    const browser = new Browser(server.url);
    expect(
      (await browser.signUp(`limits-${randomUUID()}@example.com`, "a long enough password")).status,
    ).toBe(303);
    const client = await registerClient(server.url);
    const { access_token } = await tokensFor(server.url, browser, client, "account:read");
    const quota = PLANS.free.restRequestsPerMinute;

    for (let i = 1; i <= quota; i++) {
      const response = await getAccountWith(server.url, access_token);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBe(`"default";q=${quota};w=60`);
      expect(response.headers.get("ratelimit")).toMatch(new RegExp(`^"default";r=${quota - i};t=\\d+$`));
    }
    const refused = await getAccountWith(server.url, access_token);
    expect(refused.status).toBe(429);
    const retryAfter = retryAfterOf(refused.headers);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toBe(`"default";r=0;t=${retryAfter}`);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: "PLAN_LIMIT_EXCEEDED",
      retryable: true,
      hint: expect.stringContaining(`${retryAfter} s`),
      details: { limit: quota, window_seconds: 60, retry_after_seconds: retryAfter },
    });
    // The API-key routes share the account's window.
    const keys = await fetch(`${server.url}/api/v1/api-keys`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(keys.status).toBe(429);

    server.clock.advance(retryAfter * 1000);
    expect((await getAccountWith(server.url, access_token)).status).toBe(200);
  });
});

describe("POST /mcp/oauth/token", () => {
  let client: RegisteredClient;
  beforeAll(async () => {
    client = await registerClient(server.url);
  });

  const exchange = (clientId: string) =>
    postToken(server.url, {
      grant_type: "authorization_code",
      code: "not-a-code",
      redirect_uri: "http://127.0.0.1:9/callback",
      client_id: clientId,
      client_secret: client.client_secret ?? "",
    });

  it("counts requests per client and address, failed ones included, and refuses beyond the quota until the minute's window resets", async () => {
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i++) {
      const response = await exchange(client.client_id);
      expect(response.status).toBe(400);
      expect(response.headers.get("ratelimit-policy")).toBe(`"token";q=${TOKEN_REQUESTS_PER_MINUTE};w=60`);
    }
    const refused = await exchange(client.client_id);
    expect(refused.status).toBe(429);
    const retryAfter = retryAfterOf(refused.headers);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toBe(`"token";r=0;t=${retryAfter}`);
    expect(refused.body).toMatchObject({ error: "invalid_request" });

    // Another client from the same address has its own window.
    expect((await exchange("someone-else")).status).not.toBe(429);

    server.clock.advance(retryAfter * 1000);
    expect((await exchange(client.client_id)).status).toBe(400);
  });
});
