import { z } from "zod";
import { idField, isoTimeField } from "./webhook-payload-fields";

export const WEBHOOK_TEST_MESSAGE =
  "This is a test event from Kurz: your endpoint received and can verify it.";

/** `data` of webhook.test: about the endpoint only, so a test leaks no account data anywhere. */
export const webhookTestDataSchema = z
  .object({
    endpoint_id: idField("The UUID of the webhook endpoint being tested"),
    message: z.string().describe("Says that this is a test event"),
    sent_at: isoTimeField("When the test was requested"),
  })
  .describe("A test delivery");

export const testPayloadExamples = {
  "webhook.test": {
    endpoint_id: "0195b0c1-d2e3-7f40-9152-6a7b8c9d0e1f",
    message: WEBHOOK_TEST_MESSAGE,
    sent_at: "2025-03-14T10:00:00.000Z",
  },
} satisfies { "webhook.test": z.input<typeof webhookTestDataSchema> };
