import { describe, expect, it } from "vitest";
import { absoluteDifference } from "../../src/statistics/absolute-difference";
import { agrestiCaffoDifference } from "../../src/statistics/agresti-caffo-difference";
import { chanceToBeat } from "../../src/statistics/chance-to-beat";
import { compareArms } from "../../src/statistics/compare-arms";
import { holmAdjust } from "../../src/statistics/holm-adjust";
import { normalLiftInterval } from "../../src/statistics/normal-lift-interval";
import { pooledZTest } from "../../src/statistics/pooled-z-test";
import { relativeLift } from "../../src/statistics/relative-lift";
import { sampleRatioMismatch } from "../../src/statistics/sample-ratio-mismatch";
import { sequentialInterval } from "../../src/statistics/sequential-interval";
import { welchLiftTest } from "../../src/statistics/welch-lift-test";

/*
 * The known answers of docs/ab-statistics.md#known-answers (computed independently with scipy),
 * one test per vector id, each number to 1e-4 absolute.
 */

const TOLERANCE = 1e-4;

function expectClose(actual: number | null | undefined, expected: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(TOLERANCE);
}

function expectInterval(
  actual: readonly [number, number] | null | undefined,
  expected: [number, number],
): void {
  expect(actual).not.toBeNull();
  expectClose(actual?.[0], expected[0]);
  expectClose(actual?.[1], expected[1]);
}

const arm = (visitors: number, conversions: number) => ({ visitors, conversions });

describe("reference vectors", () => {
  it("V1: Welch t on the lift of 16/30 over 14/28", () => {
    const lift = relativeLift(arm(28, 14), arm(30, 16));
    expectClose(lift.value, 0.066667);
    expectClose(lift.se, 0.2717);
    // The reference prints df to 3 decimals (55.70745 rounds to 55.707): compare to that.
    expect(lift.df).toBeCloseTo(55.707, 3);
    const test = welchLiftTest(lift, 95);
    expectClose(test.pValue, 0.80707);
    expectInterval(test.ci, [-0.47767, 0.61101]);
  });

  it("V2: normal on the lift of 51/100 over 49/100, chance to win and risk", () => {
    const lift = relativeLift(arm(100, 49), arm(100, 51));
    expectClose(lift.value, 0.040816);
    expectClose(lift.se, 0.147253);
    expectInterval(normalLiftInterval(lift, 95), [-0.24779, 0.32943]);
    const bayes = chanceToBeat(lift);
    expectClose(bayes?.chanceToBeatControl, 0.60918);
    // [risk of keeping the control, risk of choosing the variant]
    expectClose(bayes?.expectedLoss.control, 0.0814);
    expectClose(bayes?.expectedLoss.variant, 0.04058);
  });

  it("V3: always-valid interval of 2422/3461 over 1396/3000 with N* = 5000", () => {
    const a = arm(3000, 1396);
    const b = arm(3461, 2422);
    const lift = relativeLift(a, b);
    expectClose(lift.value, 0.50386);
    expectInterval(sequentialInterval(a, b, lift, 95, 5000)?.ci, [0.40098, 0.60675]);
  });

  it("V4: 1100/10000 over 1000/10000, every statistic", () => {
    const a = arm(10000, 1000);
    const b = arm(10000, 1100);
    const z = pooledZTest(a, b);
    expectClose(z.z, 2.30663);
    expectClose(z.pValue, 0.0210752);
    expectInterval(absoluteDifference(a, b, 95).ci, [0.0015041, 0.0184959]);
    const lift = relativeLift(a, b);
    expectClose(lift.value, 0.1);
    expectClose(lift.se, 0.0454753);
    const welch = welchLiftTest(lift, 95);
    expectClose(welch.pValue, 0.0278895);
    expectInterval(welch.ci, [0.010865, 0.189135]);
    expectClose(chanceToBeat(lift)?.chanceToBeatControl, 0.986061);
    const sequential = sequentialInterval(a, b, lift, 95, 5000);
    expectClose(sequential?.rho, 0.0398401);
    expectInterval(sequential?.ci, [-0.042206, 0.242206]);
    expectClose(sequential?.pValue, 0.549038);
  });

  it("E1: 12/2000 over 0/2000, where the lift has no standard error, the Agresti–Caffo difference has one", () => {
    const a = arm(2000, 0);
    const b = arm(2000, 12);
    expect(relativeLift(a, b).se).toBeNull();
    const z = pooledZTest(a, b);
    expectClose(z.z, 3.4693095);
    expectClose(z.pValue, 0.000521798);
    const difference = agrestiCaffoDifference(a, b, 95);
    expectClose(difference?.value, 0.005994);
    expectClose(difference?.se, 0.0018633);
    expectInterval(difference?.ci, [0.002342, 0.009646]);
    expectClose(difference?.pValue, 0.0012958);
    const sequential = difference && sequentialInterval(a, b, difference, 95, 5000);
    expectInterval(sequential?.ci, [0.0003289, 0.0116591]);
    expectClose(sequential?.pValue, 0.0310275);
  });

  it("E2 and E3: 0/2000 against 0/2000 and 2000/2000 against 2000/2000 show no difference, and no collapse", () => {
    for (const [a, b] of [
      [arm(2000, 0), arm(2000, 0)],
      [arm(2000, 2000), arm(2000, 2000)],
    ] as const) {
      const difference = agrestiCaffoDifference(a, b, 95);
      expectClose(difference?.value, 0);
      expectInterval(difference?.ci, [-0.0013842, 0.0013842]);
      expectClose(difference?.pValue, 1);
      const sequential = difference && sequentialInterval(a, b, difference, 95, 5000);
      expectInterval(sequential?.ci, [-0.0021472, 0.0021472]);
      expectClose(sequential?.pValue, 1);
    }
  });

  it("E4: 1988/2000 against 2000/2000, the mirror of E1", () => {
    const a = arm(2000, 2000);
    const b = arm(2000, 1988);
    const difference = agrestiCaffoDifference(a, b, 95);
    expectClose(difference?.value, -0.005994);
    expectInterval(difference?.ci, [-0.009646, -0.002342]);
    expectClose(difference?.pValue, 0.0012958);
    const sequential = difference && sequentialInterval(a, b, difference, 95, 5000);
    expectInterval(sequential?.ci, [-0.0116591, -0.0003289]);
    expectClose(sequential?.pValue, 0.0310275);
  });

  it("E1–E4 are decided on the difference; V1–V4 stay on the lift", () => {
    const options = { confidenceLevel: 95, sequentialTuning: 5000 };
    for (const [a, b] of [
      [arm(2000, 0), arm(2000, 12)],
      [arm(2000, 0), arm(2000, 0)],
      [arm(2000, 2000), arm(2000, 2000)],
      [arm(2000, 2000), arm(2000, 1988)],
    ] as const) {
      expect(compareArms(a, b, options).decisionEstimate).toBe("difference");
    }
    for (const [a, b] of [
      [arm(28, 14), arm(30, 16)],
      [arm(100, 49), arm(100, 51)],
      [arm(3000, 1396), arm(3461, 2422)],
      [arm(10000, 1000), arm(10000, 1100)],
    ] as const) {
      expect(compareArms(a, b, options).decisionEstimate).toBe("relative_lift");
    }
  });

  it("SRM1: 10000 vs 10300 at 50/50 is not flagged", () => {
    const srm = sampleRatioMismatch([
      { weight: 50, visitors: 10000 },
      { weight: 50, visitors: 10300 },
    ]);
    expectClose(srm?.pValue, 0.03524);
    expect(srm?.flagged).toBe(false);
  });

  it("SRM2: 10000 vs 10500 at 50/50 is flagged", () => {
    const srm = sampleRatioMismatch([
      { weight: 50, visitors: 10000 },
      { weight: 50, visitors: 10500 },
    ]);
    expectClose(srm?.pValue, 0.00047915);
    expect(srm?.flagged).toBe(true);
  });

  it("SRM3: 3300/3300/3500 against equal weights", () => {
    const srm = sampleRatioMismatch([
      { weight: 33, visitors: 3300 },
      { weight: 33, visitors: 3300 },
      { weight: 33, visitors: 3500 },
    ]);
    expectClose(srm?.pValue, 0.019056);
    expect(srm?.df).toBe(2);
  });

  it("SRM4: 6900/3100 against 70/30", () => {
    expectClose(
      sampleRatioMismatch([
        { weight: 70, visitors: 6900 },
        { weight: 30, visitors: 3100 },
      ])?.pValue,
      0.029096,
    );
  });

  it("Holm: [0.01, 0.04, 0.03, 0.20] adjusts to [0.04, 0.09, 0.09, 0.20]", () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.2]);
    [0.04, 0.09, 0.09, 0.2].forEach((expected, index) => {
      expectClose(adjusted[index], expected);
    });
  });
});
