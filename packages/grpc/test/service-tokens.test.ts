import http from "node:http";
import type { AddressInfo } from "node:net";
import { TestClock } from "@kurz/clock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceTokens, internalTokenUrl } from "../src/index";

const SECRET = "redirector-secret-0123456789";

/**
 * auth-server's internal token endpoint as the client sees it: tokens are opaque to a caller, so
 * a numbered string stands in for a JWT. auth-server's own tests cover what it signs.
 */
async function startTokenEndpoint() {
  let issued = 0;
  let failing = false;
  const requests: URLSearchParams[] = [];
  const server = http.createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    requests.push(form);
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (failing) return json(503, { error: "temporarily_unavailable" });
    if (request.headers.authorization !== `Basic ${Buffer.from(`redirector:${SECRET}`).toString("base64")}`) {
      return json(401, { error: "invalid_client", error_description: "Service authentication failed" });
    }
    if (form.get("subject_token") === "kurz_revoked") {
      return json(400, {
        error: "invalid_grant",
        error_description: "The API key is invalid",
        code: "PLAN_REQUIRED",
      });
    }
    issued++;
    return json(200, {
      access_token: `token-${issued}-${form.get("audience")}`,
      token_type: "Bearer",
      expires_in: 300,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: internalTokenUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    requests,
    setFailing: (value: boolean) => {
      failing = value;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("createServiceTokens: a service's tokens from auth-server, kept by the clock", () => {
  let endpoint: Awaited<ReturnType<typeof startTokenEndpoint>>;

  beforeAll(async () => {
    endpoint = await startTokenEndpoint();
  });

  afterAll(() => endpoint.stop());

  const tokens = (clock: TestClock = new TestClock(), clientSecret = SECRET) =>
    createServiceTokens({ tokenUrl: endpoint.url, clientId: "redirector", clientSecret, clock });

  it("asks once per callee and keeps the token until shortly before it expires", async () => {
    const clock = new TestClock({ frozen: true });
    const source = tokens(clock);

    const [first, same] = await Promise.all([
      source.serviceToken("link-api"),
      source.serviceToken("link-api"),
    ]);
    expect(same).toBe(first);
    expect(await source.serviceToken("auth-server")).toMatch(/-auth-server$/);
    expect(source.requests).toBe(2);
    expect(Object.fromEntries(endpoint.requests.at(-1) ?? [])).toEqual({
      grant_type: "client_credentials",
      audience: "auth-server",
    });

    // 300 s tokens are renewed 60 s before they expire.
    clock.advance(239_000);
    expect(await source.serviceToken("link-api")).toBe(first);
    clock.advance(2_000);
    expect(await source.serviceToken("link-api")).not.toBe(first);
    expect(source.requests).toBe(3);
  });

  it("exchanges an API key once per key and callee (RFC 8693), and keeps auth-server's refusal code", async () => {
    const source = tokens();

    const token = await source.apiKeyToken("kurz_key-1", "link-api");
    expect(await source.apiKeyToken("kurz_key-1", "link-api")).toBe(token);
    expect(await source.apiKeyToken("kurz_key-2", "link-api")).not.toBe(token);
    expect(Object.fromEntries(endpoint.requests.at(-1) ?? [])).toEqual({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: "kurz_key-2",
      subject_token_type: "urn:kurz:params:oauth:token-type:api-key",
      requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
      audience: "link-api",
    });
    await expect(source.apiKeyToken("kurz_revoked", "link-api")).rejects.toMatchObject({
      code: "PLAN_REQUIRED",
    });
  });

  it("reports a refused service credential as this deployment's fault, never the caller's", async () => {
    const source = tokens(new TestClock(), "not-the-secret-at-all");

    await expect(source.serviceToken("link-api")).rejects.toMatchObject({ code: "INTERNAL" });
  });

  it("fails as DEPENDENCY_UNAVAILABLE while auth-server cannot be reached", async () => {
    const source = createServiceTokens({
      tokenUrl: "http://127.0.0.1:1/internal/oauth/token",
      clientId: "redirector",
      clientSecret: SECRET,
    });

    await expect(source.serviceToken("link-api")).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE" });
  });

  it("keeps using a token that still lives while its early renewal fails", async () => {
    const clock = new TestClock({ frozen: true });
    const source = tokens(clock);
    const first = await source.serviceToken("webhook-dispatcher");
    endpoint.setFailing(true);
    try {
      clock.advance(270_000);
      expect(await source.serviceToken("webhook-dispatcher")).toBe(first);
      clock.advance(40_000);
      await expect(source.serviceToken("webhook-dispatcher")).rejects.toMatchObject({
        code: "DEPENDENCY_UNAVAILABLE",
      });
    } finally {
      endpoint.setFailing(false);
    }
  });
});
