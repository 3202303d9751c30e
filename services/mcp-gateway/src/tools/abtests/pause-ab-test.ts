import { defineTool } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput } from "./ab-test-output";

export const pauseAbTest = defineTool({
  name: "pauseAbTest",
  title: "Pause an A/B test",
  description:
    "Pauses a running test: its link serves its own destination to everyone until resumeAbTest; visitors keep their variant for when it resumes.",
  input: { id: abTestIdParam },
  output: { test: abTestSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "abtest:write",
  async run(clients, args) {
    const { test } = await clients.abTests.pauseAbTest({ id: args.id });
    return { test: toAbTestOutput(test) };
  },
});
