import { describe, expect, it } from "vitest";
import { createAcceptLanguageParser, evaluateRules } from "../src";
import { compile, visit } from "./support/visit";

const rules = compile(
  [
    ["de", "https://example.com/de"],
    ["pt-BR", "https://example.com/br"],
    ["fr, en", "https://example.com/fr-en"],
  ].map(([values, destination], i) => ({
    id: `r${i}`,
    destination_url: destination,
    conditions: [{ type: "language", values: (values as string).split(", ") }],
  })),
);

describe("a link's language conditions, decided once per list of languages", () => {
  it("answers each visitor by their own languages when lists alternate, shared or not", () => {
    const shared = createAcceptLanguageParser();
    const cases: Array<[string, number]> = [
      ["de-AT, en;q=0.5", 0],
      ["pt-BR", 1],
      ["pt-PT, pt;q=0.8", -1],
      ["en-GB", 2],
      ["", -1],
      ["ja, de;q=0.1", 0],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [header, expected] of cases) {
        expect(evaluateRules(rules, visit({ languages: shared(header) }))).toBe(expected);
        expect(evaluateRules(rules, visit({ acceptLanguage: header }))).toBe(expected);
      }
    }
  });
});
