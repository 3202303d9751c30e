import { describe, expect, it } from "vitest";
import { type AnalyzeTestInput, analyzeTest } from "../../src/statistics/analyze-test";

function twoArms(control: [number, number], variant: [number, number]): AnalyzeTestInput["arms"] {
  return [
    {
      id: "a",
      name: "A",
      control: true,
      weight: 50,
      visitors: control[0],
      exposures: control[0],
      conversions: control[1],
    },
    {
      id: "b",
      name: "B",
      control: false,
      weight: 50,
      visitors: variant[0],
      exposures: variant[0],
      conversions: variant[1],
    },
  ];
}

const base = {
  confidenceLevel: 95 as const,
  minSampleSize: 100,
  sequential: { enabled: true, tuning: 5000 },
  status: "running" as const,
  conversionsEnabled: true,
};

describe("analyzeTest", () => {
  it("V4, the peeking case: the fixed-horizon p is below 0.05, the always-valid verdict is not a winner", () => {
    const analysis = analyzeTest({ ...base, arms: twoArms([10000, 1000], [10000, 1100]) });
    const comparison = analysis.comparisons[0]!;
    expect(comparison.pValue).toBeLessThan(0.05);
    expect(comparison.pooledZ.pValue).toBeLessThan(0.05);
    expect(comparison.sequential?.pValue).toBeCloseTo(0.549038, 4);
    expect(comparison.decisionPValue).toBeCloseTo(0.549038, 4);
    expect(comparison.significant).toBe(false);
    expect(analysis.decisionBasis).toBe("sequential");
    expect(analysis.verdict).toBe("running");
    expect(analysis.winnerArmId).toBeNull();
  });

  it("V4 with the always-valid numbers turned off calls the same data a winner", () => {
    const analysis = analyzeTest({
      ...base,
      sequential: { enabled: false, tuning: 5000 },
      arms: twoArms([10000, 1000], [10000, 1100]),
    });
    expect(analysis.decisionBasis).toBe("fixed_horizon");
    expect(analysis.comparisons[0]!.significant).toBe(true);
    expect(analysis.verdict).toBe("winner");
    expect(analysis.winnerArmId).toBe("b");
  });

  it("V3: a lift the always-valid interval excludes 0 from is a winner", () => {
    // Weighted 46/54 so the uneven arm sizes are what the split asked for, not a mismatch.
    const arms = twoArms([3000, 1396], [3461, 2422]).map((arm) => ({
      ...arm,
      weight: arm.control ? 46 : 54,
    }));
    const analysis = analyzeTest({ ...base, arms });
    expect(analysis.verdict).toBe("winner");
    expect(analysis.winnerArmId).toBe("b");
    expect(analysis.reason).toMatch(/B/);
  });

  it("reports insufficient data while an arm is below min_sample_size", () => {
    const analysis = analyzeTest({ ...base, minSampleSize: 100, arms: twoArms([99, 10], [120, 90]) });
    expect(analysis.verdict).toBe("insufficient_data");
    expect(analysis.winnerArmId).toBeNull();
  });

  it("SRM2's split shows no winner whatever the conversions say", () => {
    const analysis = analyzeTest({ ...base, arms: twoArms([10000, 100], [10500, 3000]) });
    expect(analysis.srm?.flagged).toBe(true);
    expect(analysis.verdict).toBe("srm_mismatch");
    expect(analysis.winnerArmId).toBeNull();
  });

  it("a completed test without a significant difference is inconclusive", () => {
    const analysis = analyzeTest({ ...base, status: "completed", arms: twoArms([1000, 100], [1000, 104]) });
    expect(analysis.verdict).toBe("inconclusive");
  });

  it("Holm-adjusts the decision over more than two arms", () => {
    const analysis = analyzeTest({
      ...base,
      sequential: { enabled: false, tuning: 5000 },
      arms: [
        { id: "a", control: true, weight: 34, visitors: 10000, exposures: 10000, conversions: 1000 },
        { id: "b", control: false, weight: 33, visitors: 10000, exposures: 10000, conversions: 1100 },
        { id: "c", control: false, weight: 33, visitors: 10000, exposures: 10000, conversions: 1000 },
      ],
    });
    const [b, c] = analysis.comparisons;
    expect(b!.adjustedPValue).toBeCloseTo(Math.min(1, 2 * b!.pValue!), 10);
    expect(c!.adjustedPValue).toBeGreaterThanOrEqual(b!.adjustedPValue!);
  });

  it("E1: a control with no conversions does not stop a decision (0/2000 against 12/2000 is a winner)", () => {
    const analysis = analyzeTest({ ...base, arms: twoArms([2000, 0], [2000, 12]) });
    const comparison = analysis.comparisons[0]!;
    expect(comparison.relativeLift.value).toBeNull();
    expect(comparison.decisionEstimate).toBe("difference");
    expect(comparison.decisionPValue).toBeCloseTo(0.0310275, 4);
    expect(comparison.significant).toBe(true);
    expect(analysis.verdict).toBe("winner");
    expect(analysis.winnerArmId).toBe("b");
    expect(analysis.reason).toBe(
      "B converts 0.6 % of its visitors against 0.0 % for A (95 % interval of the difference +0.03 to +1.17 points), p = 0.031 (always-valid)",
    );
    const fixed = analyzeTest({
      ...base,
      sequential: { enabled: false, tuning: 5000 },
      arms: twoArms([2000, 0], [2000, 12]),
    });
    expect(fixed.comparisons[0]!.decisionPValue).toBeCloseTo(0.0012958, 4);
    expect(fixed.winnerArmId).toBe("b");
  });

  it("a variant with no conversions against a converting control makes the control the winner", () => {
    const analysis = analyzeTest({ ...base, arms: twoArms([2000, 12], [2000, 0]) });
    expect(analysis.comparisons[0]!.significant).toBe(true);
    expect(analysis.verdict).toBe("winner");
    expect(analysis.winnerArmId).toBe("a");
    expect(analysis.reason).toMatch(
      /^A converts better than B: B converts 100\.0 % worse than A \(95 % interval of the difference -1\.17 to -0\.03 points\)/,
    );
  });

  it("E4: 1988/2000 against 2000/2000 decides for the control", () => {
    const analysis = analyzeTest({ ...base, arms: twoArms([2000, 2000], [2000, 1988]) });
    expect(analysis.comparisons[0]!.decisionPValue).toBeCloseTo(0.0310275, 4);
    expect(analysis.verdict).toBe("winner");
    expect(analysis.winnerArmId).toBe("a");
  });

  it("E2 and E3: 0 % against 0 % and 100 % against 100 % decide nothing", () => {
    const none = analyzeTest({ ...base, arms: twoArms([2000, 0], [2000, 0]) });
    expect(none.comparisons[0]!.significant).toBe(false);
    expect(none.verdict).toBe("insufficient_data");
    const all = analyzeTest({ ...base, arms: twoArms([2000, 2000], [2000, 2000]) });
    expect(all.comparisons[0]!.decisionPValue).toBeCloseTo(1, 10);
    expect(all.comparisons[0]!.significant).toBe(false);
    expect(all.verdict).toBe("running");
    expect(all.winnerArmId).toBeNull();
  });

  it("never returns NaN for an arm nobody visited", () => {
    const analysis = analyzeTest({ ...base, arms: twoArms([0, 0], [0, 0]) });
    expect(JSON.stringify(analysis)).not.toMatch(/NaN/);
    expect(analysis.arms[0]!.conversionRate).toBeNull();
    expect(analysis.verdict).toBe("insufficient_data");
  });
});
