import { completeAbTestIds } from "../completions/complete-ab-test-ids";
import { getAbTestAnalytics } from "../tools/abtests/get-ab-test-analytics";
import type { PromptDefinition } from "./prompt-definition";

export const abTestReviewPrompt: PromptDefinition = {
  name: "ab-test-review",
  title: "A/B test review",
  description:
    "A review of one A/B test: whether a variant wins with statistical significance at the test's confidence level, whether the sample is large enough and the split healthy, and whether to keep running, complete or stop it.",
  arguments: [
    {
      name: "testId",
      description: "The test's id, or its link's alias or short code",
      required: true,
      complete: completeAbTestIds,
    },
  ],
  tool: getAbTestAnalytics as unknown as PromptDefinition["tool"],
  toolArguments: (args) => ({ id: args.testId, days: 14 }),
  dataUri: (args) => `kurz://ab-tests/${encodeURIComponent(args.testId ?? "")}/analytics`,
  instructions: () =>
    [
      "Review the A/B test below from the attached Kurz analytics only (do not invent numbers).",
      "1. For each variant: visitors, conversions, conversion rate with its confidence interval, and the lift over the control.",
      "2. The verdict: is there a winner at the test's confidence level (use the p-values and the verdict given)? If not, is it because of too few visitors (compare with the minimum sample size) or because the variants perform alike?",
      "3. Health: a sample-ratio mismatch means the split is broken; say so first if the verdict is srm_mismatch.",
      "4. Recommend one action: keep it running (how long, roughly), complete it with the winner (completeAbTest), or stop it; say what the decision risks.",
      "Keep it under 250 words.",
    ].join("\n"),
};
