import { defineTool } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput } from "./ab-test-output";

export const resumeAbTest = defineTool({
  name: "resumeAbTest",
  title: "Resume an A/B test",
  description:
    "Resumes a paused test: the link splits visitors again, each returning visitor to their earlier variant.",
  input: { id: abTestIdParam },
  output: { test: abTestSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "abtest:write",
  planFeature: "abTests",
  async run(clients, args) {
    const { test } = await clients.abTests.resumeAbTest({ id: args.id });
    return { test: toAbTestOutput(test) };
  },
});
