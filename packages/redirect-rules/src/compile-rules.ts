import { type CompiledCondition, compileCondition } from "./compile-condition";
import type { Rule } from "./rule-schema";

export interface CompiledRule {
  readonly id: string;
  readonly name: string | undefined;
  readonly destinationUrl: string;
  readonly conditions: readonly CompiledCondition[];
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
  return {
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      destinationUrl: rule.destination_url,
      conditions: rule.conditions.map(compileCondition),
    })),
    reads: readsOf(rules),
  };
}
