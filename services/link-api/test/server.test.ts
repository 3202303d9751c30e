import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createGrpcClient } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import {
  checkGrpcHealth,
  startTestAuthService,
  startTestIssuer,
  TEST_SERVICE_CLIENT_SECRET,
  waitFor,
} from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { loadConfig, startLinkApi } from "../src";

describe("link-api process wiring", () => {
  it("starts from its environment alone, serves REST, gRPC and docs, and stops cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "link-api-"));
    const issuer = await startTestIssuer();
    const auth = await startTestAuthService();
    const service = await startLinkApi(
      loadConfig({
        HTTP_PORT: "0",
        GRPC_PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        AUTH_SERVER_GRPC_ADDR: auth.address,
        AUTH_SERVER_HTTP_URL: issuer.baseUrl,
        SERVICE_CLIENT_SECRET: TEST_SERVICE_CLIENT_SECRET,
        PUBLIC_BASE_URL: issuer.issuer,
        SHORT_HOST: "kurz.example:8443",
        SHORT_URL_SCHEME: "https",
        OUTBOX_POLL_INTERVAL_MS: "50",
        TOKEN_REVOCATION_CACHE_MS: "100",
      }),
    );
    const client = createGrpcClient(linksV1.LinkService, service.grpcAddress, {
      auth: { audience: "link-api", tokens: issuer.tokensFor("redirector") },
    });
    try {
      const token = await issuer.mint({ accountId: "acct-1", scopes: ["shorturl:create"] });
      const response = await fetch(`${service.httpUrl}/api/v1/urls`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "https://example.com/wired" }),
      });
      expect(response.status).toBe(201);
      const { url } = (await response.json()) as { url: { id: string; shortUrl: string } };
      expect(url.shortUrl).toBe(`https://kurz.example:8443/${url.id}`);
      const resolved = await client.resolve({ host: "kurz.example", code: url.id });
      expect(resolved.link?.destinationUrl).toBe("https://example.com/wired");
      // The plan lookup behind the create went to auth-server with link-api's own service token.
      expect(issuer.internalTokenRequests).toBeGreaterThan(0);

      // An access token revoked at auth-server stops working here once the revocation cache
      // (100 ms) turns over.
      const reader = await issuer.mint({ accountId: "acct-1", scopes: ["shorturl:read"], jti: "to-revoke" });
      const list = () =>
        fetch(`${service.httpUrl}/api/v1/urls`, { headers: { authorization: `Bearer ${reader}` } }).then(
          (r) => r.status,
        );
      expect(await list()).toBe(200);
      auth.revoke("to-revoke");
      // Paced: each read counts in the account's 600 requests a minute.
      await waitFor(list, {
        until: (status) => status === 401,
        what: "the revoked token to be refused",
        intervalMs: 100,
      });

      expect((await fetch(`${service.httpUrl}/api/v1/docs/openapi.json`)).status).toBe(200);
      expect((await fetch(`${service.httpUrl}/readyz`)).status).toBe(200);
      expect(await checkGrpcHealth(service.grpcAddress, "kurz.links.v1.LinkService")).toBe("SERVING");
    } finally {
      client.close();
      await service.stop();
      await auth.stop();
      await issuer.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
