import type { CompiledCondition } from "./compile-condition";
import type { CompiledRule, CompiledRules } from "./compile-rules";
import type { Visitor } from "./visitor";

/** The index of the rule's first condition the visitor fails, or -1 when all hold. */
function firstFailing(rule: CompiledRule, visitor: Visitor): number {
  const conditions = rule.conditions;
  for (let i = 0; i < conditions.length; i++) {
    if (!(conditions[i] as CompiledCondition).matches(visitor)) return i;
  }
  return -1;
}

/**
 * The index of the first rule whose conditions all hold for the visitor, or -1 (the link's own
 * URL). Rules are tried in order, a rule's conditions in order, stopping at the first failure.
 */
export function evaluateRules(compiled: CompiledRules, visitor: Visitor): number {
  const rules = compiled.rules;
  for (let i = 0; i < rules.length; i++) {
    if (firstFailing(rules[i] as CompiledRule, visitor) === -1) return i;
  }
  return -1;
}

export interface Explanation {
  /** The same decision as evaluateRules. */
  index: number;
  /** One line per rule tried, in order, up to the match; then one closing line. */
  lines: string[];
}

function ruleTitle(rule: CompiledRule, index: number): string {
  return rule.name === undefined ? `rule ${index + 1}` : `rule ${index + 1} '${rule.name}'`;
}

/**
 * evaluateRules with its reasons, for the simulator: "rule 1 'German speakers': language de —
 * no (visitor: fr-FR, en;q=0.8)" names a rule's first failing condition; a matching rule lists
 * all its conditions and what the visitor had for each.
 */
export function explainRules(compiled: CompiledRules, visitor: Visitor): Explanation {
  const lines: string[] = [];
  const rules = compiled.rules;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as CompiledRule;
    const failing = firstFailing(rule, visitor);
    if (failing !== -1) {
      const condition = rule.conditions[failing] as CompiledCondition;
      lines.push(`${ruleTitle(rule, i)}: ${condition.label} — no (visitor: ${condition.observed(visitor)})`);
      continue;
    }
    const labels = rule.conditions.map((c) => c.label).join(" and ");
    const observed = rule.conditions.map((c) => c.observed(visitor)).join("; ");
    lines.push(`${ruleTitle(rule, i)}: ${labels} — yes (visitor: ${observed})`);
    lines.push(`→ ${rule.destinationUrl}`);
    return { index: i, lines };
  }
  lines.push("no rule matched → the link's own URL");
  return { index: -1, lines };
}
