import { describe, expect, it } from "vitest";
import { pickVariant } from "../src/abtests/pick-variant";

const SPLIT = [
  { id: "a", weight: 50 },
  { id: "b", weight: 30 },
  { id: "c", weight: 20 },
];

function pick(variants: ReadonlyArray<{ id: string; weight: number }>, bucket: number): string {
  return pickVariant(variants, bucket).id;
}

describe("pickVariant", () => {
  it("maps a bucket to the variant whose cumulative range holds it", () => {
    expect(pick(SPLIT, 0)).toBe("a");
    expect(pick(SPLIT, 0.4999)).toBe("a");
    expect(pick(SPLIT, 0.5)).toBe("b");
    expect(pick(SPLIT, 0.7999)).toBe("b");
    expect(pick(SPLIT, 0.8)).toBe("c");
    expect(pick(SPLIT, 0.9999)).toBe("c");
  });

  it("scales weights that do not sum to 100 by their sum", () => {
    const loose = [
      { id: "a", weight: 1 },
      { id: "b", weight: 1 },
      { id: "c", weight: 2 },
    ];
    expect(pick(loose, 0.2499)).toBe("a");
    expect(pick(loose, 0.25)).toBe("b");
    expect(pick(loose, 0.5)).toBe("c");
    const rounded = [
      { id: "a", weight: 33.3 },
      { id: "b", weight: 33.3 },
      { id: "c", weight: 33.3 },
    ];
    expect(pick(rounded, 0.9999)).toBe("c");
  });

  it("never picks a variant without traffic", () => {
    const withZero = [
      { id: "a", weight: 0 },
      { id: "b", weight: 100 },
      { id: "c", weight: 0 },
    ];
    for (const bucket of [0, 0.5, 0.9999, 1]) expect(pick(withZero, bucket)).toBe("b");
  });

  it("answers a variant for any bucket of a non-empty list, even with unusable weights", () => {
    const broken = [
      { id: "a", weight: 0 },
      { id: "b", weight: Number.NaN },
      { id: "c", weight: -5 },
    ];
    expect(pick(broken, 0)).toBe("a");
    expect(pick(broken, 0.5)).toBe("b");
    expect(pick(broken, 0.9999)).toBe("c");
    expect(pick(broken, 1)).toBe("c");
    expect(pick(SPLIT, 1)).toBe("c");
    expect(pick([{ id: "only", weight: 100 }], 0.7)).toBe("only");
  });
});
