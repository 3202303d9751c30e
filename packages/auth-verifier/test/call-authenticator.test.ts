import type { CallAuthenticator } from "@kurz/grpc";
import { startTestIssuer, type TestIssuer } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCallAuthenticator, type Role } from "../src";

type Metadata = Parameters<CallAuthenticator>[0];

/** Just enough of grpc-js Metadata: the authenticator only reads values by key. */
function metadataOf(values: Record<string, string>): Metadata {
  return { get: (key: string) => (key in values ? [values[key]] : []) } as unknown as Metadata;
}

const bearer = (token: string) => `Bearer ${token}`;

describe("createCallAuthenticator: a gRPC callee verifies who calls", () => {
  let issuer: TestIssuer;
  let now: Date;
  let authenticate: CallAuthenticator;
  const revoked = new Set<string>();
  /** Roles of people in their own workspace; absent: owner. */
  const roles = new Map<string, Role | undefined>();

  beforeAll(async () => {
    issuer = await startTestIssuer();
    now = new Date();
    authenticate = createCallAuthenticator({
      service: "link-api",
      issuer: issuer.issuer,
      apiAudience: issuer.audience,
      jwksUrl: issuer.jwksUrl,
      clock: { now: () => now },
      isRevoked: async (jti) => revoked.has(jti),
      roleOf: async (userId, workspaceId) =>
        roles.has(userId) ? roles.get(userId) : userId === workspaceId ? "owner" : undefined,
    });
  });

  afterAll(() => issuer.stop());

  const refusal = (metadata: Record<string, string>) =>
    authenticate(metadataOf(metadata)).then(
      () => "accepted",
      (error: { code?: string }) => error.code,
    );

  it("refuses a call that only claims an account in x-kurz-account-id (AUTHENTICATION_REQUIRED)", async () => {
    expect(await refusal({ "x-kurz-account-id": "victim" })).toBe("AUTHENTICATION_REQUIRED");
    expect(await refusal({ "x-kurz-account-id": "victim", authorization: "Basic abc" })).toBe(
      "AUTHENTICATION_REQUIRED",
    );
  });

  it("accepts a service's own token for this service and names the service", async () => {
    const token = await issuer.mintService({ service: "redirector", audience: "link-api" });

    const principal = await authenticate(metadataOf({ authorization: bearer(token) }));

    expect(principal).toEqual({ service: "redirector", accountId: undefined, scopes: new Set() });
  });

  it("refuses a genuine token meant for another service (FORBIDDEN)", async () => {
    const token = await issuer.mintService({ service: "redirector", audience: "analytics-ingest" });

    expect(await refusal({ authorization: bearer(token) })).toBe("FORBIDDEN");
  });

  it("refuses an expired token, judged by the injected clock, also once it was verified and cached", async () => {
    const token = await issuer.mintService({ service: "redirector", audience: "link-api", expiresInSec: 60 });
    expect((await authenticate(metadataOf({ authorization: bearer(token) }))).service).toBe("redirector");
    const fresh = await issuer.mintService({ service: "redirector", audience: "link-api", expiresInSec: 60 });

    now = new Date(now.getTime() + 120_000);
    try {
      expect(await refusal({ authorization: bearer(token) })).toBe("AUTHENTICATION_REQUIRED");
      expect(await refusal({ authorization: bearer(fresh) })).toBe("AUTHENTICATION_REQUIRED");
    } finally {
      now = new Date();
    }
  });

  it("refuses a token signed with a key auth-server never published", async () => {
    const forged = await issuer.mintForged({ accountId: "victim", scopes: ["shorturl:read"] });

    expect(await refusal({ authorization: bearer(forged) })).toBe("AUTHENTICATION_REQUIRED");
  });

  it("takes the account, its scopes and the acting service from an internal account token", async () => {
    const token = await issuer.mintService({
      service: "mcp-gateway",
      audience: "link-api",
      accountId: "acct-1",
      scopes: ["shorturl:read"],
      keyId: "key-7",
    });

    const principal = await authenticate(metadataOf({ authorization: bearer(token) }));

    expect(principal).toEqual({
      service: "mcp-gateway",
      accountId: "acct-1",
      scopes: new Set(["shorturl:read"]),
      actor: { type: "api_key", id: "key-7" },
    });
  });

  it("accepts a forwarded user access token only with the forwarding service's own token beside it", async () => {
    const user = await issuer.mint({ accountId: "acct-2", scopes: ["shorturl:read", "analytics:read"] });
    const service = await issuer.mintService({ service: "analytics-ingest", audience: "link-api" });

    expect(await refusal({ authorization: bearer(user) })).toBe("AUTHENTICATION_REQUIRED");
    const principal = await authenticate(
      metadataOf({ authorization: bearer(user), "kurz-service-authorization": bearer(service) }),
    );
    expect(principal).toEqual({
      service: "analytics-ingest",
      accountId: "acct-2",
      scopes: new Set(["shorturl:read", "analytics:read"]),
      actor: { type: "person", id: "acct-2", clientId: "test-client" },
    });
  });

  it("narrows a forwarded user token's scopes to the person's role, and refuses a person no longer a member", async () => {
    const service = await issuer.mintService({ service: "mcp-gateway", audience: "link-api" });
    const viewer = await issuer.mint({ accountId: "acct-5", scopes: ["shorturl:read", "shorturl:create"] });
    roles.set("acct-5", "viewer");
    const principal = await authenticate(
      metadataOf({ authorization: bearer(viewer), "kurz-service-authorization": bearer(service) }),
    );
    expect(principal.scopes).toEqual(new Set(["shorturl:read"]));

    const gone = await issuer.mint({ accountId: "acct-6", scopes: ["shorturl:read"] });
    roles.set("acct-6", undefined);
    expect(
      await refusal({ authorization: bearer(gone), "kurz-service-authorization": bearer(service) }),
    ).toBe("FORBIDDEN");
  });

  it("refuses a forwarded user token whose companion is not a service token for this service", async () => {
    const user = await issuer.mint({ accountId: "acct-3", scopes: ["shorturl:read"] });
    const elsewhere = await issuer.mintService({ service: "analytics-ingest", audience: "auth-server" });
    const internal = await issuer.mintService({ service: "x", audience: "link-api", accountId: "acct-9" });

    expect(
      await refusal({ authorization: bearer(user), "kurz-service-authorization": bearer(elsewhere) }),
    ).toBe("FORBIDDEN");
    expect(await refusal({ authorization: bearer(user), "kurz-service-authorization": bearer(user) })).toBe(
      "FORBIDDEN",
    );
    expect(
      await refusal({ authorization: bearer(user), "kurz-service-authorization": bearer(internal) }),
    ).toBe("AUTHENTICATION_REQUIRED");
  });

  it("refuses a forwarded user token revoked at auth-server", async () => {
    const user = await issuer.mint({ accountId: "acct-4", scopes: ["shorturl:read"], jti: "revoked-jti" });
    const service = await issuer.mintService({ service: "analytics-ingest", audience: "link-api" });
    revoked.add("revoked-jti");

    expect(
      await refusal({ authorization: bearer(user), "kurz-service-authorization": bearer(service) }),
    ).toBe("AUTHENTICATION_REQUIRED");
  });

  it("refuses forwarded user tokens where no API audience is accepted (auth-server serves services only)", async () => {
    const servicesOnly = createCallAuthenticator({
      service: "auth-server",
      issuer: issuer.issuer,
      jwksUrl: issuer.jwksUrl,
    });
    const user = await issuer.mint({ accountId: "acct-5", scopes: ["account:read"] });
    const service = await issuer.mintService({ service: "link-api", audience: "auth-server" });

    await expect(servicesOnly(metadataOf({ authorization: bearer(user) }))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await servicesOnly(metadataOf({ authorization: bearer(service) }))).service).toBe("link-api");
  });
});
