import { describe, expect, it } from "vitest";
import { sampleRatioMismatch } from "../../src/statistics/sample-ratio-mismatch";

describe("sampleRatioMismatch", () => {
  it("does not flag a lopsided split while an arm has fewer than 8 visitors", () => {
    const srm = sampleRatioMismatch([
      { weight: 50, visitors: 60 },
      { weight: 50, visitors: 7 },
    ]);
    expect(srm?.pValue).toBeLessThan(0.001);
    expect(srm?.flagged).toBe(false);
  });

  it("flags the same kind of split once every arm has 8 visitors", () => {
    const srm = sampleRatioMismatch([
      { weight: 50, visitors: 60 },
      { weight: 50, visitors: 8 },
    ]);
    expect(srm?.pValue).toBeLessThan(0.001);
    expect(srm?.flagged).toBe(true);
  });

  it("leaves arms with weight 0 out of the check", () => {
    const srm = sampleRatioMismatch([
      { weight: 50, visitors: 100 },
      { weight: 50, visitors: 100 },
      { weight: 0, visitors: 900 },
    ]);
    expect(srm).toMatchObject({ chiSquare: 0, df: 1, pValue: 1, flagged: false });
    expect(srm?.observedShares).toEqual([0.5, 0.5, null]);
  });

  it("has nothing to check before the first visitor", () => {
    expect(
      sampleRatioMismatch([
        { weight: 50, visitors: 0 },
        { weight: 50, visitors: 0 },
      ]),
    ).toBeNull();
  });
});
