import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BROWSERS, DEVICES, evaluateRules, explainRules, OPERATING_SYSTEMS } from "../src";
import { compile, userAgents, visit } from "./support/visit";

// Small value pools so that generated rules and visitors meet often: both outcomes get exercised.
const countries = ["DE", "AT", "FR"];
const languages = ["de", "de-AT", "fr", "pt-BR", "en"];
const hosts = ["example.com", "news.example.com", "other.org"];
const instants = ["2026-01-01T00:00:00Z", "2026-06-01T00:00:00Z", "2027-01-01T00:00:00Z"];

const condition = fc.oneof(
  fc.record({ type: fc.constant("device"), values: fc.subarray([...DEVICES], { minLength: 1 }) }),
  fc.record({ type: fc.constant("os"), values: fc.subarray([...OPERATING_SYSTEMS], { minLength: 1 }) }),
  fc.record({ type: fc.constant("browser"), values: fc.subarray([...BROWSERS], { minLength: 1 }) }),
  fc.record({ type: fc.constant("language"), values: fc.subarray(languages, { minLength: 1 }) }),
  fc.record({ type: fc.constant("country"), values: fc.subarray(countries, { minLength: 1 }) }),
  fc.record({ type: fc.constant("region"), values: fc.subarray(["DE-BY", "AT-9"], { minLength: 1 }) }),
  fc.record({ type: fc.constant("city"), values: fc.subarray(["Wien", "München"], { minLength: 1 }) }),
  fc.record({
    type: fc.constant("ip"),
    values: fc.subarray(["10.0.0.0/8", "2001:db8::/32"], { minLength: 1 }),
  }),
  fc.record({ type: fc.constant("referrer_host"), values: fc.subarray(hosts, { minLength: 1 }) }),
  fc.record(
    {
      type: fc.constant("query_param"),
      name: fc.constantFrom("ref", "utm"),
      value: fc.constantFrom("a", "b"),
    },
    { requiredKeys: ["type", "name"] },
  ),
  fc.record({ type: fc.constantFrom("after", "before"), at: fc.constantFrom(...instants) }),
);

const rules = fc
  .array(fc.array(condition, { minLength: 1, maxLength: 4 }), { maxLength: 20 })
  .map((lists) =>
    lists.map((conditions, i) => ({ id: `r${i}`, destination_url: `https://example.com/${i}`, conditions })),
  );

const visitor = fc.record(
  {
    userAgent: fc.constantFrom(...Object.values(userAgents), ""),
    acceptLanguage: fc.constantFrom("de-AT, en;q=0.5", "fr;q=0.9, de;q=0", "pt-BR", "", "*;q=1, garbage"),
    country: fc.constantFrom(...countries, ""),
    region: fc.constantFrom("DE-BY", "AT-9", ""),
    city: fc.constantFrom("wien", "München", ""),
    ip: fc.constantFrom("10.1.2.3", "::ffff:10.9.9.9", "2001:db8::5", "192.0.2.1", "junk"),
    referer: fc.constantFrom("https://news.example.com/", "https://other.org", "nonsense", ""),
    query: fc.constantFrom("ref=a", "ref=b&utm=a", "", "utm"),
    time: fc.constantFrom(...instants.map(Date.parse), Date.parse("2026-03-01T00:00:00Z")),
  },
  { requiredKeys: ["time"] },
);

describe("evaluation and explanation", () => {
  it("reach the same decision for generated rules and visitors", () => {
    const decisions = new Set<number>();
    fc.assert(
      fc.property(rules, visitor, (input, fields) => {
        const compiled = compile(input);
        const v = visit(fields);
        const index = evaluateRules(compiled, v);
        const explained = explainRules(compiled, v);
        decisions.add(Math.sign(index));
        expect(explained.index).toBe(index);
        // One line per rule tried, plus the closing line.
        expect(explained.lines).toHaveLength((index === -1 ? input.length : index + 1) + 1);
      }),
      { numRuns: 3000 },
    );
    // Both a match and the fallback happened, or the property proved little.
    expect(decisions).toEqual(new Set([-1, 0, 1]));
  });
});
