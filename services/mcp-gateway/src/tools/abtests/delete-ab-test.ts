import { z } from "zod";
import { defineTool } from "../tool-definition";
import { abTestIdParam } from "./ab-test-output";

export const deleteAbTest = defineTool({
  name: "deleteAbTest",
  title: "Delete an A/B test",
  description:
    "Deletes an A/B test for good: a running or paused test stops routing at once and its link serves its own destination again (the link itself stays). Its clicks and conversions stay in analytics. Confirm with the user first.",
  input: { id: abTestIdParam },
  output: { deleted: z.boolean(), id: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "abtest:write",
  async run(clients, args) {
    await clients.abTests.deleteAbTest({ id: args.id });
    return { deleted: true, id: args.id };
  },
});
