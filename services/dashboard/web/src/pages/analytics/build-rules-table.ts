import { formatNumber } from "../../components/format-number";
import type { ReportTable } from "./report-table";
import type { RuleEntry } from "./report-types";

const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });

/** A rule as the link view has it: only its id and name matter here. */
export interface LinkRule {
  id: string;
  name?: string;
}

export const DEFAULT_DESTINATION = "Default destination";
export const DELETED_RULE = "(deleted rule)";

/**
 * What a rules report row is called: the link's default destination, the rule's name (its id when
 * it has none), or — for clicks a rule sent before it was removed from the link — its old id
 * marked as deleted, since the link no longer knows its name.
 */
export function ruleName(ruleId: string | null, linkRules: readonly LinkRule[]): string {
  if (ruleId === null) return DEFAULT_DESTINATION;
  const rule = linkRules.find((r) => r.id === ruleId);
  if (!rule) return `${ruleId} ${DELETED_RULE}`;
  return rule.name?.trim() ? rule.name : rule.id;
}

/** Shown only for a link with rules, or whose clicks some rule (maybe since removed) sent. */
export function showsRules(linkRules: readonly LinkRule[], rules: readonly RuleEntry[] | undefined): boolean {
  return linkRules.length > 0 || (rules ?? []).some((entry) => entry.ruleId !== null && entry.clicks > 0);
}

/**
 * Clicks and unique visitors per redirect rule, most clicks first: the API's rows (the default
 * destination always among them), then the link's rules that sent nobody in the period, with
 * zeros, in the link's order. Rows of bots only are left out, as in every breakdown.
 */
export function buildRulesTable(rules: readonly RuleEntry[], linkRules: readonly LinkRule[]): ReportTable {
  const counted = rules.filter((entry) => entry.clicks > 0 || entry.ruleId === null);
  const seen = new Set(counted.map((entry) => entry.ruleId));
  const idle: RuleEntry[] = linkRules
    .filter((rule) => !seen.has(rule.id))
    .map((rule) => ({ ruleId: rule.id, clicks: 0, uniqueVisitors: 0, bots: 0, headRequests: 0, share: 0 }));
  const shown = [...counted, ...idle];
  return {
    id: "rules",
    title: "Redirect rules",
    columns: [
      { label: "Rule" },
      { label: "Clicks", numeric: true },
      { label: "Unique visitors", numeric: true },
      { label: "Share", csvLabel: "Share of clicks (%)", numeric: true },
    ],
    rows: shown.map((entry) => {
      const name = ruleName(entry.ruleId, linkRules);
      return [
        { text: name, value: name },
        { text: formatNumber(entry.clicks), value: entry.clicks },
        { text: formatNumber(entry.uniqueVisitors), value: entry.uniqueVisitors },
        { text: percent.format(entry.share), value: Math.round(entry.share * 1000) / 10 },
      ];
    }),
    bars: shown.map((entry) => entry.share),
    empty: "No clicks in this period.",
  };
}
