import { TestClock } from "@kurz/clock";
import { isAppError } from "@kurz/errors";
import { startTestAuthService } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { createMembershipCheck } from "../src";

const ALICE = "0190f0a0-0000-7000-8000-00000000000a";
const TEAM = "0190f0a0-0000-7000-8000-0000000000aa";
const BOB = "0190f0a0-0000-7000-8000-00000000000b";

describe("createMembershipCheck", () => {
  it("asks auth-server on every request, so a removal holds from the next one", async () => {
    const auth = await startTestAuthService();
    const check = createMembershipCheck({ address: auth.address });
    try {
      auth.setRole(ALICE, TEAM, "admin");
      expect(await check.roleOf(ALICE, TEAM)).toBe("admin");
      auth.setRole(ALICE, TEAM, "viewer");
      expect(await check.roleOf(ALICE, TEAM)).toBe("viewer");
      auth.setRole(ALICE, TEAM, undefined);
      expect(await check.roleOf(ALICE, TEAM)).toBeUndefined();
      expect(await check.roleOf(ALICE, ALICE)).toBe("owner");
      expect(auth.getMembershipCalls).toBe(4);
    } finally {
      check.close();
      await auth.stop();
    }
  });

  it("shares one question among concurrent requests of one person in one workspace", async () => {
    const auth = await startTestAuthService();
    const check = createMembershipCheck({ address: auth.address });
    try {
      await Promise.all(Array.from({ length: 20 }, () => check.roleOf(BOB, BOB)));
      expect(auth.getMembershipCalls).toBe(1);
    } finally {
      check.close();
      await auth.stop();
    }
  });

  it("stands in the last answer while auth-server is down for at most its 10 minutes, and refuses (503) without one", async () => {
    const auth = await startTestAuthService();
    const unavailable: unknown[] = [];
    const clock = new TestClock();
    const check = createMembershipCheck({
      address: auth.address,
      onUnavailable: (error) => unavailable.push(error),
      clock,
    });
    try {
      auth.setRole(ALICE, TEAM, "member");
      expect(await check.roleOf(ALICE, TEAM)).toBe("member");
      await auth.stop();
      expect(await check.roleOf(ALICE, TEAM)).toBe("member");
      const refused = await check.roleOf(BOB, TEAM).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isAppError(refused) && refused.code).toBe("DEPENDENCY_UNAVAILABLE");
      expect(isAppError(refused) && refused.httpStatus).toBe(503);
      expect(unavailable.length).toBe(2);
      // Past its 10 minutes the last answer is gone: refused too.
      clock.advance(10 * 60_000 - 1_000);
      expect(await check.roleOf(ALICE, TEAM)).toBe("member");
      clock.advance(2_000);
      const later = await check.roleOf(ALICE, TEAM).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isAppError(later) && later.code).toBe("DEPENDENCY_UNAVAILABLE");
    } finally {
      check.close();
    }
  });
});
