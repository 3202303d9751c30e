import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TestClock } from "@kurz/clock";
import { probeServiceCall, requestServiceToken } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningKurz, startEmbedded } from "../src";

/** This test plays the MCP gateway's part, so it fixes that service's secret. */
const GATEWAY_SECRET = "embedded-test-secret-of-mcp-gateway";

describe("embedded mode: gRPC calls between services carry proof, not a claim", () => {
  let dataDir: string;
  let kurz: RunningKurz;
  const clock = new TestClock();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-embedded-calls-"));
    kurz = await startEmbedded({
      env: { DATA_DIR: dataDir, LOG_LEVEL: "error", MCP_GATEWAY_CLIENT_SECRET: GATEWAY_SECRET },
      ports: "ephemeral",
      clock,
    });
  });

  afterAll(async () => {
    await kurz?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const linkApi = () => kurz.services["link-api"].grpcAddress;
  const tokenFor = (audience: string) =>
    requestServiceToken(kurz.services["auth-server"].httpUrl, "mcp-gateway", GATEWAY_SECRET, audience);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("lets the redirector resolve links with its own service token (an unknown code is a 404, not an error)", async () => {
    const response = await fetch(`${kurz.url}/no-such-code`, { redirect: "manual" });
    await response.body?.cancel();
    expect(response.status).toBe(404);
  });

  it("keeps auth-server's internal token endpoint off the public edge", async () => {
    const response = await fetch(`${kurz.url}/internal/oauth/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`mcp-gateway:${GATEWAY_SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "client_credentials", audience: "link-api" }),
    });
    const body = await response.text();

    expect(response.status).not.toBe(200);
    expect(body).not.toContain("access_token");
  });

  it("refuses a call that only claims an account in x-kurz-account-id (AUTHENTICATION_REQUIRED)", async () => {
    const forged = { "x-kurz-account-id": "00000000-0000-4000-8000-000000000001" };

    expect(await probeServiceCall(linkApi(), "listLinks", forged)).toBe("AUTHENTICATION_REQUIRED");
    expect(await probeServiceCall(linkApi(), "resolve", forged)).toBe("AUTHENTICATION_REQUIRED");
    expect(await probeServiceCall(kurz.services["auth-server"].grpcAddress, "getAccount", forged)).toBe(
      "AUTHENTICATION_REQUIRED",
    );
  });

  it("answers a service's real token where a service may call, and nowhere an account is needed", async () => {
    const token = await tokenFor("link-api");

    expect(await probeServiceCall(linkApi(), "resolve", bearer(token))).toBe("OK");
    expect(await probeServiceCall(linkApi(), "listLinks", bearer(token))).toBe("FORBIDDEN");
  });

  it("refuses a real token meant for another service (FORBIDDEN)", async () => {
    const token = await tokenFor("analytics-ingest");

    expect(await probeServiceCall(linkApi(), "resolve", bearer(token))).toBe("FORBIDDEN");
    expect(
      await probeServiceCall(kurz.services["auth-server"].grpcAddress, "getAccount", bearer(token)),
    ).toBe("FORBIDDEN");
  });

  it("refuses a real token once the shared clock passed its expiry, while the services renew their own", async () => {
    const token = await tokenFor("link-api");
    expect(await probeServiceCall(linkApi(), "resolve", bearer(token))).toBe("OK");

    // Five minutes of lifetime and the five seconds of tolerance.
    clock.advance(306_000);

    expect(await probeServiceCall(linkApi(), "resolve", bearer(token))).toBe("AUTHENTICATION_REQUIRED");
    const response = await fetch(`${kurz.url}/another-unknown-code`, { redirect: "manual" });
    await response.body?.cancel();
    expect(response.status).toBe(404);
  });
});
