import { describe, expect, it, vi } from "vitest";
import { evaluateRules } from "../src";
import { compile, visit } from "./support/visit";

const rules = compile([
  {
    id: "dach",
    destination_url: "https://example.com/de",
    conditions: [
      { type: "language", values: ["de"] },
      { type: "country", values: ["DE", "AT", "CH"] },
    ],
  },
  {
    id: "bavaria",
    destination_url: "https://example.com/by",
    conditions: [
      { type: "region", values: ["DE-BY"] },
      { type: "city", values: ["Munich"] },
    ],
  },
]);

describe("a visitor located lazily", () => {
  it("is not located when every rule fails before a geo condition", () => {
    const locate = vi.fn(() => ({ country: "DE", region: "DE-BY", city: "Munich" }));
    const only = compile([
      {
        id: "dach",
        destination_url: "https://example.com/de",
        conditions: [
          { type: "language", values: ["de"] },
          { type: "country", values: ["DE"] },
        ],
      },
    ]);
    expect(evaluateRules(only, visit({ acceptLanguage: "en-US", locate }))).toBe(-1);
    expect(locate).not.toHaveBeenCalled();
  });

  it("is located once, when a condition first asks, and every geo condition reads that place", () => {
    const locate = vi.fn(() => ({ country: "de", region: "de-by", city: "Munich" }));
    const visitor = visit({ acceptLanguage: "fr", locate });
    expect(evaluateRules(rules, visitor)).toBe(1);
    expect(locate).toHaveBeenCalledTimes(1);
    expect([visitor.country, visitor.region, visitor.city, visitor.cityKey]).toEqual([
      "DE",
      "DE-BY",
      "Munich",
      "munich",
    ]);
    expect(locate).toHaveBeenCalledTimes(1);
  });

  it("decides as a visitor whose place was given up front", () => {
    const place = { country: "AT", region: "", city: "Vienna" };
    for (const acceptLanguage of ["de", "fr", ""]) {
      expect(evaluateRules(rules, visit({ acceptLanguage, locate: () => place }))).toBe(
        evaluateRules(rules, visit({ acceptLanguage, ...place })),
      );
    }
  });

  it("reads an unknown place (the locator's empty strings) as unknown", () => {
    const visitor = visit({ locate: () => ({ country: "", region: "", city: "" }) });
    expect([visitor.country, visitor.region, visitor.city]).toEqual([null, null, null]);
  });
});
