import { type CompiledCondition, compileCondition } from "./compile-condition";
import { LanguageTable } from "./language-table";
import type { Rule } from "./rule-schema";

/** Which rule decided a visit, as a decision names it. */
export interface RuleReference {
  readonly id: string;
  readonly name: string | undefined;
  /** Position in the link's list, from 0. */
  readonly index: number;
}

export interface CompiledRule {
  readonly id: string;
  readonly name: string | undefined;
  readonly destinationUrl: string;
  readonly conditions: readonly CompiledCondition[];
  /** Built once: every visit this rule decides names it by this object. */
  readonly reference: RuleReference;
}

/** Which request fields the rules read: a caller may leave the others out of the Visitor. */
export interface VisitorReads {
  readonly languages: boolean;
  readonly geo: boolean;
  readonly ip: boolean;
  readonly referrer: boolean;
  readonly query: boolean;
}

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  readonly reads: VisitorReads;
}

function readsOf(rules: readonly Rule[]): VisitorReads {
  const types = new Set(rules.flatMap((rule) => rule.conditions.map((c) => c.type)));
  return {
    languages: types.has("language"),
    geo: types.has("country") || types.has("region") || types.has("city"),
    ip: types.has("ip"),
    referrer: types.has("referrer_host"),
    query: types.has("query_param"),
  };
}

/**
 * Compiles rules that passed `rulesSchema` once (when a link enters the redirector's snapshot):
 * CIDRs parsed, value sets built, instants as epoch milliseconds. Rules that did not pass the
 * schema are not accepted here: parsing errors would surface per visit.
 */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  const languages = new LanguageTable();
  return {
    rules: rules.map((rule, index) => ({
      id: rule.id,
      name: rule.name,
      destinationUrl: rule.destination_url,
      conditions: rule.conditions.map((condition) => compileCondition(condition, languages)),
      reference: Object.freeze({ id: rule.id, name: rule.name, index }),
    })),
    reads: readsOf(rules),
  };
}
