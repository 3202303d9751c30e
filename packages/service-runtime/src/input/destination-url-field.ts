import { z } from "zod";
import { normalizeDestinationUrl } from "./normalize-destination-url";

/**
 * A destination URL in a request body: the zod field every service that takes one uses, so a
 * link's destination and an A/B variant's are refused alike with the same messages, and stored
 * normalized.
 */
export const destinationUrlField = z
  .string()
  .max(4096)
  .describe("Destination, http:// or https:// (normalized; at most 2048 characters)")
  .transform((value, ctx) => {
    const result = normalizeDestinationUrl(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.url;
  });
