import { type CompiledCondition, compileCondition } from "./compile-condition";
import type { Rule } from "./rule-schema";

export interface CompiledRule {
  readonly id: string;
  readonly name: string | undefined;
  readonly destinationUrl: string;
  readonly conditions: readonly CompiledCondition[];
}

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
}

/**
 * Compiles rules that passed `rulesSchema` once (when a link enters the redirector's snapshot):
 * CIDRs parsed, value sets built, instants as epoch milliseconds. Rules that did not pass the
 * schema are not accepted here: parsing errors would surface per visit.
 */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  return {
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      destinationUrl: rule.destination_url,
      conditions: rule.conditions.map(compileCondition),
    })),
  };
}
