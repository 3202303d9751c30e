import type { linksV1 } from "@kurz/proto";
import { z } from "zod";
import { type CompiledRules, compileRules } from "./compile-rules";
import type { LinkDecisionInputs } from "./decide-visit";
import { ruleInputOfMessage } from "./rule-messages";
import { rulesSchema } from "./rule-schema";

/**
 * What a link needs besides a plain redirect: rules, app deep links or a preview card, read from
 * its snapshot. The redirector builds it once per snapshot (a link with none of them has none and
 * its visits pay nothing); link-api's simulator builds it from the snapshot it would publish, so
 * both decide from the same inputs.
 */
export interface LinkDecision {
  /** The inputs of decideVisit, without the A/B hook (that is per visit). */
  inputs: Omit<LinkDecisionInputs, "abTest">;
  /** A rule has a country, region or city condition: only then is the visitor's address located. */
  needsGeo: boolean;
  card: PreviewCard | undefined;
}

export interface PreviewCard {
  title: string;
  description: string;
  image: string;
}

// link-api validated the rules with the same schema and its own URL schema; here they are parsed
// again only to get the compiler's input shape (codes upper-cased, instants as text).
const snapshotRules = rulesSchema(z.string());
const NO_RULES: CompiledRules = compileRules([]);

/**
 * Rules a replica cannot read (a snapshot from a newer link-api with a condition type this one
 * does not know) are left out whole: the link's own URL is served rather than half its rules.
 */
function compileSnapshotRules(rules: readonly linksV1.RedirectRule[]): CompiledRules {
  if (rules.length === 0) return NO_RULES;
  const parsed = snapshotRules.safeParse(rules.map(ruleInputOfMessage));
  return parsed.success ? compileRules(parsed.data) : NO_RULES;
}

export function linkDecisionOf(s: linksV1.LinkSnapshot): LinkDecision | undefined {
  const hasCard = s.ogTitle !== "" || s.ogDescription !== "" || s.ogImage !== "";
  if (s.rules.length === 0 && s.iosUrl === "" && s.androidUrl === "" && !hasCard) return undefined;
  const rules = compileSnapshotRules(s.rules);
  return {
    inputs: {
      destinationUrl: s.destinationUrl,
      rules,
      iosUrl: s.iosUrl,
      androidUrl: s.androidUrl,
      hasCard,
    },
    needsGeo: rules.reads.geo,
    card: hasCard ? { title: s.ogTitle, description: s.ogDescription, image: s.ogImage } : undefined,
  };
}
