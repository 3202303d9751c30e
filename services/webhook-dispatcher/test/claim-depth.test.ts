import { describe, expect, it } from "vitest";
import { claimDepth } from "../src/deliveries/create-delivery-worker";

describe("claimDepth", () => {
  it("claims as many rounds of an endpoint's attempts as fit in the lease, one spare, 1 to 16", () => {
    // The defaults: 5-minute lease, 15 s attempts: 16 rounds (4 min) fit.
    expect(claimDepth(300_000, 15_000)).toBe(16);
    expect(claimDepth(60_000, 15_000)).toBe(3);
    expect(claimDepth(6_000, 2_000)).toBe(2);
    expect(claimDepth(4_000, 2_000)).toBe(1);
    expect(claimDepth(3_600_000, 1_000)).toBe(16);
  });
});
