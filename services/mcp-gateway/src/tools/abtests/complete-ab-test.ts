import { z } from "zod";
import { defineTool } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput } from "./ab-test-output";

export const completeAbTest = defineTool({
  name: "completeAbTest",
  title: "Complete an A/B test",
  description:
    "Ends a running or paused test for good: the winner's destination becomes the link's destination and routing stops. The winner is winner_variant_id, else the verdict's significant winner, else the control (raw conversion counts never decide). The answer says whether the statistics support that winner — check getAbTestAnalytics first and tell the user when they do not.",
  input: {
    id: abTestIdParam,
    winner_variant_id: z.uuid().optional().describe("The variant to keep (its id from getAbTest)"),
  },
  output: {
    test: abTestSchema,
    statistically_supported: z.boolean(),
    reason: z.string().describe("Why the statistics do or do not support this winner"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "abtest:write",
  async run(clients, args) {
    const answer = await clients.abTests.completeAbTest({
      id: args.id,
      winnerVariantId: args.winner_variant_id ?? "",
    });
    return {
      test: toAbTestOutput(answer.test),
      statistically_supported: answer.statisticallySupported,
      reason: answer.reason,
    };
  },
});
