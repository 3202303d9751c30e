import { describe, expect, it } from "vitest";
import { claimDepth, createEndpointPace, MAX_PACED_DEPTH } from "../src/deliveries/endpoint-pace";

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

describe("createEndpointPace", () => {
  const options = { perEndpoint: 4, leaseMs: 300_000, attemptTimeoutMs: 15_000 };

  it("gives an endpoint of unknown pace the timeout-bound cap, and lists no cap for it", () => {
    const pace = createEndpointPace(options);
    expect(pace.defaultCap).toBe(64);
    expect(pace.capOf("unknown")).toBe(64);
    expect(pace.caps().size).toBe(0);
  });

  it("lets a fast endpoint hold as many rounds as the lease holds at 4× its pace, at most MAX_PACED_DEPTH", () => {
    const pace = createEndpointPace(options);
    pace.observe("fast", 0.4);
    expect(pace.capOf("fast")).toBe(4 * MAX_PACED_DEPTH);
    // 1 s attempts: 300 s / (4 × 1 s) = 75 rounds of 4.
    pace.observe("steady", 1_000);
    expect(pace.capOf("steady")).toBe(300);
    expect([...pace.caps().keys()].sort()).toEqual(["fast", "steady"]);
  });

  it("follows an endpoint that slows down back to the timeout-bound cap, never below", () => {
    const pace = createEndpointPace(options);
    pace.observe("e", 1);
    expect(pace.capOf("e")).toBe(4 * MAX_PACED_DEPTH);
    for (let i = 0; i < 40; i++) pace.observe("e", 15_000);
    expect(pace.capOf("e")).toBe(64);
    expect(pace.caps().has("e")).toBe(false);
  });

  it("moves with a moving average: one slow attempt among fast ones does not collapse the cap", () => {
    const pace = createEndpointPace(options);
    for (let i = 0; i < 20; i++) pace.observe("e", 2);
    pace.observe("e", 2_000);
    // average ≈ 0.8 × 2 + 0.2 × 2000 ≈ 402 ms: 300 000 / (4 × 402) = 186 rounds.
    expect(pace.capOf("e")).toBe(4 * 186);
  });
});
