import { abTestReviewPrompt } from "./ab-test-review-prompt";
import { campaignReportPrompt } from "./campaign-report-prompt";
import { linkReviewPrompt } from "./link-review-prompt";
import type { PromptDefinition } from "./prompt-definition";

/** Every prompt, in the order prompts/list gives them. */
export const ALL_PROMPTS: readonly PromptDefinition[] = [
  campaignReportPrompt,
  abTestReviewPrompt,
  linkReviewPrompt,
];
