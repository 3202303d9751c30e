import { TestClock } from "@kurz/clock";
import { startTestAuthService, type TestAuthService } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrpcAccountPlans } from "../src/accounts/create-grpc-account-plans";

/** link-api's clock: real time plus what the test moves forward. */
const clock = new TestClock();

let auth: TestAuthService;
beforeAll(async () => {
  auth = await startTestAuthService({ plans: { a1: { id: "pro", restRequestsPerMinute: 60 } } });
});
afterAll(async () => {
  await auth.stop();
});

describe("account plans from auth-server", () => {
  it("keeps a plan for the cache's TTL on link-api's clock, then asks auth-server again", async () => {
    const plans = createGrpcAccountPlans({ address: auth.address, ttlMs: 60_000, clock });
    try {
      expect(await plans.getPlan("a1")).toMatchObject({ planId: "pro", restRequestsPerMinute: 60 });
      auth.setPlan("a1", { id: "business", restRequestsPerMinute: 600 });
      expect((await plans.getPlan("a1")).planId).toBe("pro");
      clock.advance(59_000);
      expect((await plans.getPlan("a1")).planId).toBe("pro");
      clock.advance(1_000);
      expect(await plans.getPlan("a1")).toMatchObject({ planId: "business", restRequestsPerMinute: 600 });
    } finally {
      plans.close();
    }
  });
});
