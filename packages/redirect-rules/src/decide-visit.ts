import { type CompiledRule, type CompiledRules, compileRules, type RuleReference } from "./compile-rules";
import { evaluateRules, explainRules } from "./evaluate-rules";
import type { Visitor } from "./visitor";

/** What a link holds that decides a visit; built once per link version (not per visit). */
export interface LinkDecisionInputs<Choice extends { destinationUrl: string } = { destinationUrl: string }> {
  /** The link's own URL: the answer when nothing else decides. */
  destinationUrl: string;
  rules: CompiledRules;
  /** App deep links; "" when unset. */
  iosUrl: string;
  androidUrl: string;
  /** The link has a preview card (any og_* field set). */
  hasCard: boolean;
  /**
   * The A/B split after the rules: a precomputed choice (the simulator's), or a callback the
   * redirector runs only when no deep link nor rule decided (it may set the visitor's cookie).
   * Absent, or undefined from the callback: no running test.
   */
  abTest?: Choice | (() => Choice | undefined) | undefined;
}

export interface VisitFacts {
  visitor: Visitor;
  /** The User-Agent is a link-preview crawler's (isLinkPreviewCrawler). */
  crawler: boolean;
}

export type VisitMatch = "preview" | "deep_link" | "rule" | "ab_test" | "default";

export interface VisitDecision<Choice extends { destinationUrl: string } = { destinationUrl: string }> {
  matched: VisitMatch;
  /** Where the visitor goes; for "preview", where the card page refreshes to. */
  destinationUrl: string;
  /** The rule that gave destinationUrl (also under "preview"), else null. */
  rule: RuleReference | null;
  /** The A/B choice that gave destinationUrl (also under "preview"), else undefined. */
  abTest: Choice | undefined;
  /** With `explain`: one line per step tried, in order. */
  lines?: string[];
}

const NO_RULES: CompiledRules = compileRules([]);

function abChoiceOf<Choice extends { destinationUrl: string }>(
  link: LinkDecisionInputs<Choice>,
): Choice | undefined {
  const ab = link.abTest;
  return typeof ab === "function" ? ab() : ab;
}

/** The deep link of the visitor's OS, or "" (only iOS and Android have one). */
function deepLinkOf(link: LinkDecisionInputs<{ destinationUrl: string }>, visitor: Visitor): string {
  if (visitor.os === "ios") return link.iosUrl;
  if (visitor.os === "android") return link.androidUrl;
  return "";
}

function explainDeepLinks(
  link: LinkDecisionInputs<{ destinationUrl: string }>,
  visitor: Visitor,
  lines: string[],
) {
  const os = visitor.os ?? "unknown";
  for (const [name, url] of [
    ["ios", link.iosUrl],
    ["android", link.androidUrl],
  ] as const) {
    if (url === "") continue;
    const yes = visitor.os === name;
    lines.push(`deep link ${name}: os ${name} — ${yes ? "yes" : "no"} (visitor: ${os})`);
    if (yes) lines.push(`→ ${url}`);
  }
}

/**
 * The destination chain after expiry and password (the redirector decides those first): deep link
 * (an iOS / Android visitor and the link's app URL) → rules (first match) → A/B split → the link's
 * URL. A link-preview crawler visiting a link with a card gets "preview", refreshing to where the
 * chain would have sent it. Pure: the redirector calls it per visit, the API's simulator with a
 * Visitor it made up and `explain`.
 */
export function decideVisit<Choice extends { destinationUrl: string }>(
  link: LinkDecisionInputs<Choice>,
  facts: VisitFacts,
  options: { explain?: boolean } = {},
): VisitDecision<Choice> {
  const { visitor } = facts;
  const preview = link.hasCard && facts.crawler;
  const lines: string[] | undefined = options.explain ? [] : undefined;
  if (lines && link.hasCard) {
    lines.push(`preview card: link-preview crawler — ${facts.crawler ? "yes" : "no"}`);
  }
  let decision: VisitDecision<Choice>;
  const deepLink = deepLinkOf(link, visitor);
  if (lines) explainDeepLinks(link, visitor, lines);
  if (deepLink !== "") {
    decision = { matched: "deep_link", destinationUrl: deepLink, rule: null, abTest: undefined };
  } else {
    const rules = link.rules ?? NO_RULES;
    let index: number;
    if (lines && rules.rules.length > 0) {
      const explained = explainRules(rules, visitor);
      index = explained.index;
      // Its closing "no rule matched → the link's own URL" would be wrong under an A/B test.
      lines.push(...(index === -1 ? explained.lines.slice(0, -1) : explained.lines));
      if (index === -1) lines.push("no rule matched");
    } else {
      index = evaluateRules(rules, visitor);
    }
    if (index !== -1) {
      const rule = rules.rules[index] as CompiledRule;
      decision = {
        matched: "rule",
        destinationUrl: rule.destinationUrl,
        rule: rule.reference,
        abTest: undefined,
      };
    } else {
      const choice = abChoiceOf(link);
      if (choice !== undefined) {
        lines?.push(`a/b test → ${choice.destinationUrl}`);
        decision = { matched: "ab_test", destinationUrl: choice.destinationUrl, rule: null, abTest: choice };
      } else {
        lines?.push(`the link's URL → ${link.destinationUrl}`);
        decision = { matched: "default", destinationUrl: link.destinationUrl, rule: null, abTest: undefined };
      }
    }
  }
  if (preview) {
    decision.matched = "preview";
    lines?.push(`preview card, refreshing to ${decision.destinationUrl}`);
  }
  if (lines) decision.lines = lines;
  return decision;
}
