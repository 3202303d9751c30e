export type { CompiledCondition } from "./compile-condition";
export {
  type CompiledRule,
  type CompiledRules,
  compileRules,
  type RuleReference,
  type VisitorReads,
} from "./compile-rules";
export { createAcceptLanguageParser } from "./create-accept-language-parser";
export {
  decideVisit,
  type LinkDecisionInputs,
  type VisitDecision,
  type VisitFacts,
  type VisitMatch,
} from "./decide-visit";
export { describeRuleIssues } from "./describe-rule-issues";
export { type Explanation, evaluateRules, explainRules } from "./evaluate-rules";
export { forwardVisitQuery, MAX_FORWARDED_QUERY_LENGTH } from "./forward-visit-query";
export { type LinkDecision, linkDecisionOf, type PreviewCard } from "./link-decision-of";
export { isLinkPreviewCrawler, LINK_PREVIEW_CRAWLERS } from "./link-preview-crawlers";
export { mapUserAgent, type UserAgentClasses } from "./map-user-agent";
export {
  type AcceptedLanguage,
  MAX_ACCEPT_LANGUAGE_BYTES,
  MAX_ACCEPT_LANGUAGE_ENTRIES,
  parseAcceptLanguage,
} from "./parse-accept-language";
export * from "./rule-limits";
export { type RuleInput, ruleInputOfMessage, ruleMessageOf } from "./rule-messages";
export { type Condition, conditionSchema, type Rule, rulesSchema } from "./rule-schema";
export { conditionViewSchema, ruleViewSchema } from "./rule-view-schema";
export { createVisitor, type VisitInput, type Visitor, type VisitPlace } from "./visitor";
export {
  BROWSERS,
  type Browser,
  DEVICES,
  type Device,
  OPERATING_SYSTEMS,
  type OperatingSystem,
} from "./vocabulary";
