import { TestClock } from "@kurz/clock";
import { startTestIssuer, type TestIssuer } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier } from "../src";

const HOUR_MS = 3_600_000;

describe("createTokenVerifier", () => {
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
  });

  afterAll(async () => {
    await issuer.stop();
  });

  function verifierOn(clock: TestClock) {
    return createTokenVerifier({
      jwksUrl: issuer.jwksUrl,
      issuer: issuer.issuer,
      audience: issuer.audience,
      clock,
    });
  }

  // The fault suite's clock-jump-1h found it: the remembered token's TTL runs on the monotonic
  // clock, which a wall-clock step (NTP) does not move, so a token verified before a +1 h step
  // stayed accepted for up to an hour after its `exp`.
  it("refuses a remembered token once the wall clock steps past its expiry", async () => {
    // Only the wall clock moves, as in a real step; the monotonic clock (the cache's) does not.
    const clock = new TestClock();
    const verifier = verifierOn(clock);
    const token = await issuer.mint({ accountId: "acc-1", scopes: ["analytics:read"], expiresInSec: 3600 });
    expect((await verifier.verify(token)).accountId).toBe("acc-1");

    clock.stepWall(HOUR_MS + 60_000);
    await expect(verifier.verify(token)).rejects.toMatchObject({
      code: "INVALID_TOKEN",
      message: expect.stringContaining("expired"),
    });
    // A token minted after the step (by the issuer's real clock, an hour behind) is expired too.
    const fresh = await issuer.mint({ accountId: "acc-1", scopes: ["analytics:read"], expiresInSec: 3600 });
    await expect(verifier.verify(fresh)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("still accepts a remembered token within its lifetime and the clock tolerance", async () => {
    const clock = new TestClock();
    const verifier = verifierOn(clock);
    const token = await issuer.mint({ accountId: "acc-2", scopes: ["analytics:read"], expiresInSec: 60 });
    expect((await verifier.verify(token)).accountId).toBe("acc-2");
    clock.stepWall(30_000);
    expect((await verifier.verify(token)).accountId).toBe("acc-2");
  });
});
