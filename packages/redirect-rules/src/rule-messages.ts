import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs, timestampMs } from "@bufbuild/protobuf/wkt";
import type { linksV1 } from "@kurz/proto";
import type { Rule } from "./rule-schema";

/** The REST shape of a rule as unparsed input: what rulesSchema reads. */
export interface RuleInput {
  id: string;
  name?: string;
  destination_url: string;
  conditions: Record<string, unknown>[];
}

/**
 * A protobuf RedirectRule (gRPC requests, snapshots) as the REST input it stands for, to be
 * parsed by rulesSchema: one validation for every surface. `at` becomes an ISO instant.
 */
export function ruleInputOfMessage(rule: linksV1.RedirectRule): RuleInput {
  return {
    id: rule.id,
    ...(rule.name === "" ? {} : { name: rule.name }),
    destination_url: rule.destinationUrl,
    conditions: rule.conditions.map((c) => {
      switch (c.type) {
        case "query_param":
          return { type: c.type, name: c.name, ...(c.value === undefined ? {} : { value: c.value }) };
        case "after":
        case "before":
          return { type: c.type, at: new Date(c.at ? timestampMs(c.at) : 0).toISOString() };
        default:
          return { type: c.type, values: c.values };
      }
    }),
  };
}

/** A parsed rule as the protobuf RedirectRule (Link, LinkSnapshot): the inverse of the above. */
export function ruleMessageOf(rule: Rule): MessageInitShape<typeof linksV1.RedirectRuleSchema> {
  return {
    id: rule.id,
    name: rule.name ?? "",
    destinationUrl: rule.destination_url,
    conditions: rule.conditions.map((c) => {
      switch (c.type) {
        case "query_param":
          return { type: c.type, name: c.name, ...(c.value === undefined ? {} : { value: c.value }) };
        case "after":
        case "before":
          return { type: c.type, at: timestampFromMs(Date.parse(c.at)) };
        default:
          return { type: c.type, values: [...c.values] };
      }
    }),
  };
}
