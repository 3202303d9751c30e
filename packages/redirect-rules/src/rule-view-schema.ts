import { z } from "zod";
import { BROWSERS, DEVICES, OPERATING_SYSTEMS } from "./vocabulary";

const values = <T extends z.ZodType>(item: T) => z.array(item);

/**
 * A stored condition as the API answers it: the shapes rulesSchema accepted, already normalized
 * (country and region codes upper case, hosts lower case). For documents and typed clients; the
 * input checks stay in rulesSchema.
 */
export const conditionViewSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("device"), values: values(z.enum(DEVICES)) }),
  z.object({ type: z.literal("os"), values: values(z.enum(OPERATING_SYSTEMS)) }),
  z.object({ type: z.literal("browser"), values: values(z.enum(BROWSERS)) }),
  z.object({
    type: z.enum(["language", "country", "region", "city", "ip", "referrer_host"]),
    values: values(z.string()),
  }),
  z.object({ type: z.literal("query_param"), name: z.string(), value: z.string().optional() }),
  z.object({ type: z.enum(["after", "before"]), at: z.string().describe("ISO 8601 instant") }),
]);

/** A stored rule as the API answers it. */
export const ruleViewSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  destination_url: z.string(),
  conditions: z.array(conditionViewSchema),
});
