import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { abTestSchema, toAbTestOutput } from "./ab-test-output";

export const listAbTests = defineTool({
  name: "listAbTests",
  title: "List A/B tests",
  description:
    "Lists the account's A/B tests, newest first, optionally only those in one status; archived tests only when archived is true. It changes nothing.",
  input: {
    status: z
      .enum(["draft", "running", "paused", "completed"])
      .optional()
      .describe("Only tests in this status"),
    archived: z.boolean().default(false).describe("Include archived tests (default false)"),
  },
  output: { tests: z.array(abTestSchema) },
  annotations: READ_ONLY,
  scope: "abtest:read",
  async run(clients, args) {
    const { tests } = await clients.abTests.listAbTests({
      status: args.status ?? "",
      archived: args.archived,
    });
    return { tests: tests.map(toAbTestOutput) };
  },
});
