import { defineTool, READ_ONLY } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput } from "./ab-test-output";

export const getAbTest = defineTool({
  name: "getAbTest",
  title: "Get an A/B test",
  description:
    "Returns one A/B test with its variants (ids, destinations, weights), status and winner. Use getAbTestAnalytics for its results. It changes nothing.",
  input: { id: abTestIdParam },
  output: { test: abTestSchema },
  annotations: READ_ONLY,
  scope: "abtest:read",
  async run(clients, args) {
    const { test } = await clients.abTests.getAbTest({ id: args.id });
    return { test: toAbTestOutput(test) };
  },
});
