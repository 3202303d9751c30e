import { defineTool } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput } from "./ab-test-output";

export const startAbTest = defineTool({
  name: "startAbTest",
  title: "Start an A/B test",
  description:
    "Starts (from draft) or restarts (from paused) the test: its link sends each new visitor to a variant by the weights and keeps them there. Only draft or paused tests can start.",
  input: { id: abTestIdParam },
  output: { test: abTestSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "abtest:write",
  planFeature: "abTests",
  async run(clients, args) {
    const { test } = await clients.abTests.startAbTest({ id: args.id });
    return { test: toAbTestOutput(test) };
  },
});
