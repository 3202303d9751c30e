import { describe, expect, it } from "vitest";
import { holmAdjust } from "../../src/statistics/holm-adjust";

describe("holmAdjust", () => {
  it("returns the adjusted values in input order", () => {
    expect(holmAdjust([0.2, 0.01])).toEqual([0.2, 0.02]);
  });

  it("caps adjusted values at 1", () => {
    expect(holmAdjust([0.6, 0.7, 0.5])).toEqual([1, 1, 1]);
  });

  it("never lets a larger p-value get a smaller adjusted one", () => {
    const input = [0.001, 0.013, 0.014, 0.5, 0.02];
    const adjusted = holmAdjust(input);
    const byInput = input.map((p, index) => ({ p, adjusted: adjusted[index]! })).sort((x, y) => x.p - y.p);
    for (let i = 1; i < byInput.length; i += 1) {
      expect(byInput[i]!.adjusted).toBeGreaterThanOrEqual(byInput[i - 1]!.adjusted);
    }
    byInput.forEach(({ p, adjusted: value }) => {
      expect(value).toBeGreaterThanOrEqual(p);
    });
  });

  it("leaves a single p-value as it is and an empty family empty", () => {
    expect(holmAdjust([0.03])).toEqual([0.03]);
    expect(holmAdjust([])).toEqual([]);
  });
});
