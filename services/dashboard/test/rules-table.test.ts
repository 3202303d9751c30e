import { describe, expect, it } from "vitest";
import { buildRulesTable, showsRules } from "../web/src/pages/analytics/build-rules-table";
import type { RuleEntry } from "../web/src/pages/analytics/report-types";

const entry = (
  ruleId: string | null,
  clicks: number,
  uniqueVisitors: number,
  share: number,
  bots = 0,
): RuleEntry => ({
  ruleId,
  clicks,
  uniqueVisitors,
  bots,
  headRequests: 0,
  share,
});

const LINK_RULES = [
  { id: "de-speakers", name: "German speakers" },
  { id: "dach-mobile" },
  { id: "ios-app", name: "iPhone app" },
];

describe("the link analytics' redirect rules table", () => {
  it("names each row by the link's rule, the default destination, or a deleted rule's old id", () => {
    const table = buildRulesTable(
      [
        entry("dach-mobile", 5, 3, 0.5),
        entry(null, 3, 1, 0.3),
        entry("old-promo", 2, 2, 0.2),
        entry("de-speakers", 0, 0, 0, 4),
      ],
      LINK_RULES,
    );
    expect(table.rows.map((row) => row.map((cell) => cell.value))).toEqual([
      ["dach-mobile", 5, 3, 50],
      ["Default destination", 3, 1, 30],
      ["old-promo (deleted rule)", 2, 2, 20],
      // Rules that sent no person in the period, bots aside, in the link's order.
      ["German speakers", 0, 0, 0],
      ["iPhone app", 0, 0, 0],
    ]);
    expect(table.columns.map((column) => column.label)).toEqual([
      "Rule",
      "Clicks",
      "Unique visitors",
      "Share",
    ]);
    expect(table.bars).toEqual([0.5, 0.3, 0.2, 0, 0]);
  });

  it("is shown for a link with rules, or with clicks a removed rule sent, and not otherwise", () => {
    expect(showsRules(LINK_RULES, undefined)).toBe(true);
    expect(showsRules([], [entry(null, 9, 4, 1), entry("old-promo", 1, 1, 0.1)])).toBe(true);
    expect(showsRules([], [entry(null, 9, 4, 1)])).toBe(false);
    expect(showsRules([], [entry(null, 9, 4, 1), entry("old-promo", 0, 0, 0, 2)])).toBe(false);
    expect(showsRules([], undefined)).toBe(false);
  });
});
