import { TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { describe, expect, it } from "vitest";
import { createKeyVerifier } from "../src/auth/create-key-verifier";

/** auth-server's VerifyApiKey as the verifier sees it: a key that can be revoked, calls counted. */
function authServer() {
  const state = { revoked: false, calls: 0 };
  return {
    state,
    client: {
      async verifyApiKey({ apiKey }: { apiKey: string }) {
        state.calls++;
        if (state.revoked || apiKey !== "kurz_good") {
          throw new AppError("AUTHENTICATION_REQUIRED", { message: "The API key is invalid or revoked" });
        }
        return {
          keyId: "key-1",
          permissions: ["mcp", "shorturl:read"],
          account: { id: "acct-1", plan: { id: "pro" } },
        };
      },
    },
  };
}

describe("createKeyVerifier (the x-mcp-key cache) on a controllable clock", () => {
  it("trusts a verified key for the TTL, then asks again: a revoked key stops working within it", async () => {
    const clock = new TestClock();
    const auth = authServer();
    const verify = createKeyVerifier({ authServer: auth.client as never, clock, ttlMs: 5_000 });

    expect(await verify("kurz_good")).toMatchObject({
      keyId: "key-1",
      accountId: "acct-1",
      actor: { apiKey: "kurz_good" },
    });
    expect(auth.state.calls).toBe(1);
    auth.state.revoked = true;
    clock.advance(4_000);
    // Still inside the TTL: the cached answer, no call.
    expect((await verify("kurz_good")).keyId).toBe("key-1");
    expect(auth.state.calls).toBe(1);
    clock.advance(1_100);
    await expect(verify("kurz_good")).rejects.toMatchObject({ code: "AUTHENTICATION_REQUIRED" });
    expect(auth.state.calls).toBe(2);
  });

  it("never caches a refusal: a key that starts working is admitted on the next request", async () => {
    const clock = new TestClock();
    const auth = authServer();
    auth.state.revoked = true;
    const verify = createKeyVerifier({ authServer: auth.client as never, clock, ttlMs: 5_000 });
    await expect(verify("kurz_good")).rejects.toMatchObject({ code: "AUTHENTICATION_REQUIRED" });
    auth.state.revoked = false;
    expect((await verify("kurz_good")).keyId).toBe("key-1");
    expect(auth.state.calls).toBe(2);
  });
});
