import { startTestAuthService, waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { createRevocationCheck } from "../src";

describe("createRevocationCheck", () => {
  it("asks auth-server once per token per window and sees a revocation after the window", async () => {
    const auth = await startTestAuthService();
    const check = createRevocationCheck({ address: auth.address, notRevokedTtlMs: 200 });
    try {
      expect(await check.isRevoked("jti-1")).toBe(false);
      await Promise.all([check.isRevoked("jti-1"), check.isRevoked("jti-1")]);
      expect(auth.isTokenRevokedCalls).toBe(1);

      auth.revoke("jti-1");
      await waitFor(() => check.isRevoked("jti-1"), "the revocation of jti-1 to be seen");
      const calls = auth.isTokenRevokedCalls;
      // A revoked token stays refused without asking again.
      expect(await check.isRevoked("jti-1")).toBe(true);
      expect(auth.isTokenRevokedCalls).toBe(calls);
    } finally {
      check.close();
      await auth.stop();
    }
  });

  it("shares one question among concurrent requests with the same token", async () => {
    const auth = await startTestAuthService();
    const check = createRevocationCheck({ address: auth.address });
    try {
      await Promise.all(Array.from({ length: 20 }, () => check.isRevoked("jti-2")));
      expect(auth.isTokenRevokedCalls).toBe(1);
    } finally {
      check.close();
      await auth.stop();
    }
  });

  it("fails open, and says so, when auth-server cannot answer", async () => {
    const failures: unknown[] = [];
    const check = createRevocationCheck({ address: "127.0.0.1:1", onUnavailable: (e) => failures.push(e) });
    try {
      expect(await check.isRevoked("jti-3")).toBe(false);
      expect(failures).toHaveLength(1);
    } finally {
      check.close();
    }
  });
});
