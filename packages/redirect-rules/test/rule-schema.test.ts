import { describe, expect, it } from "vitest";
import { describeRuleIssues } from "../src";
import { schema } from "./support/visit";

function problems(input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return describeRuleIssues(result.error);
}

const rule = (conditions: unknown[], extra: Record<string, unknown> = {}) => ({
  id: "r1",
  destination_url: "https://example.com/",
  conditions,
  ...extra,
});

describe("validating a link's rules", () => {
  it("accepts every condition type and normalises codes and hosts", () => {
    const parsed = schema.parse([
      rule(
        [
          { type: "device", values: ["mobile", "tablet"] },
          { type: "os", values: ["ios"] },
          { type: "browser", values: ["other"] },
          { type: "language", values: ["de", "pt-BR"] },
          { type: "country", values: ["de", "AT"] },
          { type: "region", values: ["de-by"] },
          { type: "city", values: [" Wien "] },
          { type: "ip", values: ["10.0.0.0/8", "2001:db8::/32"] },
          { type: "referrer_host", values: ["News.Example.com"] },
          { type: "query_param", name: "utm_source", value: "newsletter" },
        ],
        { name: "Everything" },
      ),
      rule(
        [
          { type: "after", at: "2026-01-01T00:00:00Z" },
          { type: "before", at: "2026-02-01T00:00:00+01:00" },
        ],
        {
          id: "r2",
        },
      ),
    ]);
    expect(parsed[0]?.conditions[4]).toEqual({ type: "country", values: ["DE", "AT"] });
    expect(parsed[0]?.conditions[5]).toEqual({ type: "region", values: ["DE-BY"] });
    expect(parsed[0]?.conditions[6]).toEqual({ type: "city", values: ["Wien"] });
    expect(parsed[0]?.conditions[8]).toEqual({ type: "referrer_host", values: ["news.example.com"] });
  });

  it("refuses more than 20 rules", () => {
    const rules = Array.from({ length: 21 }, (_, i) =>
      rule([{ type: "device", values: ["mobile"] }], { id: `r${i}` }),
    );
    expect(problems(rules)).toEqual(["rules: must hold at most 20 rules"]);
    expect(problems(rules.slice(0, 20))).toEqual([]);
  });

  it("refuses more than 10 conditions in a rule, and a rule without any", () => {
    const conditions = Array.from({ length: 11 }, () => ({ type: "device", values: ["mobile"] }));
    expect(problems([rule(conditions)])).toEqual(["rules[0].conditions: must hold at most 10 conditions"]);
    expect(problems([rule(conditions.slice(0, 10))])).toEqual([]);
    expect(problems([rule([])])).toEqual([
      "rules[0].conditions: must hold at least one condition (a rule without one would hide the link's URL)",
    ]);
  });

  it("refuses duplicate rule ids", () => {
    const c = [{ type: "device", values: ["mobile"] }];
    expect(problems([rule(c), rule(c)])).toEqual(["rules[1].id: duplicates rule id 'r1'"]);
  });

  it("names the offending value of each malformed condition", () => {
    expect(
      problems([
        rule([
          { type: "device", values: ["phone"] },
          { type: "country", values: ["DE", "DEU"] },
          { type: "region", values: ["Bavaria"] },
          { type: "language", values: ["de_DE"] },
          { type: "ip", values: ["10.0.0.0/33"] },
          { type: "ip", values: ["10.0.0.1"] },
          { type: "referrer_host", values: ["https://example.com/"] },
          { type: "after", at: "2026-01-01T00:00:00" },
          { type: "query_param", name: "" },
          { type: "city", values: [] },
        ]),
      ]),
    ).toEqual([
      "rules[0].conditions[0].values[0]: must be one of mobile, tablet, desktop",
      "rules[0].conditions[1].values[1]: must be an ISO 3166-1 alpha-2 code such as DE",
      "rules[0].conditions[2].values[0]: must be an ISO 3166-2 code such as DE-BY",
      "rules[0].conditions[3].values[0]: must be a language tag such as de or pt-BR",
      "rules[0].conditions[4].values[0]: must be a CIDR range such as 203.0.113.0/24 or 2001:db8::/32 (one address: /32 or /128)",
      "rules[0].conditions[5].values[0]: must be a CIDR range such as 203.0.113.0/24 or 2001:db8::/32 (one address: /32 or /128)",
      "rules[0].conditions[6].values[0]: must be a host name such as example.com (no scheme, port or path)",
      "rules[0].conditions[7].at: must be an ISO 8601 instant with an offset, such as 2026-01-01T00:00:00Z",
      "rules[0].conditions[8].name: must not be empty",
      "rules[0].conditions[9].values: must list at least one value",
    ]);
  });

  it("refuses an unknown condition type and unknown fields", () => {
    expect(problems([rule([{ type: "weather", values: ["sunny"] }])])).toEqual([
      "rules[0].conditions[0].type: type must be one of device, os, browser, language, country, region, city, ip, referrer_host, query_param, after, before",
    ]);
    expect(problems([rule([{ type: "device", values: ["mobile"], negate: true }])])).toEqual([
      'rules[0].conditions[0]: Unrecognized key: "negate"',
    ]);
  });

  it("bounds string lengths", () => {
    expect(problems([rule([{ type: "query_param", name: "q".repeat(129) }])])).toEqual([
      "rules[0].conditions[0].name: must be at most 128 characters",
    ]);
    expect(problems([rule([{ type: "city", values: ["x".repeat(101)] }])])).toEqual([
      "rules[0].conditions[0].values[0]: must be at most 100 characters",
    ]);
    expect(problems([rule([{ type: "device", values: ["mobile"] }], { id: "x".repeat(65) })])).toEqual([
      "rules[0].id: must be at most 64 characters",
    ]);
  });

  it("validates the destination with the caller's URL schema", () => {
    expect(
      problems([rule([{ type: "device", values: ["mobile"] }], { destination_url: "javascript:alert(1)" })]),
    ).toEqual(["rules[0].destination_url: Invalid URL"]);
  });
});
