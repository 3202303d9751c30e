import { MAX_RULES, rulesSchema } from "@kurz/redirect-rules";
import { destinationUrlField, nameProblem, normalizeDestinationUrl } from "@kurz/service-runtime";
import { z } from "zod";
import { MAX_TAG_LENGTH, MAX_TAGS, normalizeTag, normalizeTags } from "./normalize-tags";
import { isReservedAlias } from "./reserved-aliases";

/**
 * Field validators shared by the REST schemas and the gRPC mapping: one definition per field,
 * so both surfaces refuse the same inputs with the same messages. Optional text fields treat ""
 * as absent (MCP clients often send empty strings for "not given").
 */

/** The destination field, shared with abtest-engine's variants (@kurz/service-runtime). */
export { destinationUrlField };

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;

/** Result of checking an alias, also used by check-alias. */
export function aliasProblem(alias: string): "invalid" | "reserved" | undefined {
  if (!ALIAS_PATTERN.test(alias)) return "invalid";
  if (isReservedAlias(alias)) return "reserved";
  return undefined;
}

/** Optional URL (expired_url): "" means none. */
export const optionalUrlField = z
  .string()
  .max(4096)
  .describe("http:// or https:// URL; empty for none")
  .transform((value, ctx) => {
    if (value.trim() === "") return "";
    const result = normalizeDestinationUrl(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.url;
  });

export const customAliasField = z
  .string()
  .max(50, "customAlias must be 3 to 50 characters")
  .describe("3 to 50 of A-Z a-z 0-9 _ -; not a reserved word (api, mcp, login, ...)")
  .transform((value, ctx) => {
    if (value === "") return undefined;
    const problem = aliasProblem(value);
    if (problem === "invalid") {
      ctx.addIssue({
        code: "custom",
        message: "customAlias must be 3 to 50 characters of letters, digits, '-' or '_'",
      });
      return z.NEVER;
    }
    if (problem === "reserved") {
      ctx.addIssue({ code: "custom", message: `customAlias "${value}" is reserved` });
      return z.NEVER;
    }
    return value;
  });

/** The name rule (@kurz/service-runtime nameProblem) as a zod check, naming the field. */
export function nameRule(field: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `${field} ${problem}` });
  };
}

export const nameField = z
  .string()
  .trim()
  .max(200, "name must be at most 200 characters")
  .superRefine(nameRule("name"));

export const tagsField = z
  .array(z.string().max(200, `a tag must be at most ${MAX_TAG_LENGTH} characters`))
  .max(MAX_TAGS * 2, `at most ${MAX_TAGS} tags`)
  .describe(
    `At most ${MAX_TAGS} tags of at most ${MAX_TAG_LENGTH} characters; stored lowercase, trimmed, deduplicated`,
  )
  .transform((tags, ctx) => {
    const normalized = normalizeTags(tags);
    for (const tag of normalized) {
      const problem = nameProblem(tag);
      if (problem) {
        ctx.addIssue({ code: "custom", message: `a tag ${problem}` });
        return z.NEVER;
      }
    }
    if (normalized.length > MAX_TAGS) {
      ctx.addIssue({ code: "custom", message: `at most ${MAX_TAGS} tags` });
      return z.NEVER;
    }
    const tooLong = normalized.find((tag) => tag.length > MAX_TAG_LENGTH);
    if (tooLong !== undefined) {
      ctx.addIssue({ code: "custom", message: `a tag must be at most ${MAX_TAG_LENGTH} characters` });
      return z.NEVER;
    }
    return normalized;
  });

/** A single tag filter: normalized like stored tags. */
export const tagFilterField = z
  .string()
  .max(MAX_TAG_LENGTH * 2)
  .transform(normalizeTag);

export const passwordField = z
  .string()
  .max(128, "password must be at most 128 characters")
  .describe("4 to 128 characters; stored hashed (scrypt)")
  .refine((value) => value === "" || value.length >= 4, "password must be at least 4 characters");

export const utmValueField = z
  .string()
  .trim()
  .max(200, "UTM values must be at most 200 characters")
  .superRefine(nameRule("a UTM value"));

export const campaignIdField = z
  .string()
  .describe("UUID of one of the account's campaigns")
  .refine((value) => value === "" || z.uuid().safeParse(value).success, "campaign_id must be a UUID");

export const expiresAtField = z.iso
  .datetime({ offset: true, message: "expires_at must be an ISO 8601 date-time" })
  .describe("ISO 8601 date-time in the future");

export const maxClicksField = z
  .number()
  .int("max_clicks must be an integer")
  .min(0, "max_clicks must be positive")
  .max(1_000_000_000, "max_clicks is too large");

export const urlTypeField = z.enum(["standard", "branded", "subdomain"]);

export const hostNameField = z.string().trim().max(253).describe("Host name, e.g. go.example.com");
export const subdomainLabelField = z
  .string()
  .trim()
  .max(63)
  .describe("Subdomain label, 3 to 63 of a-z 0-9 -");

/**
 * Redirect rules (docs/api/redirect-rules.md): each destination is validated like `url`; the
 * destination policy is applied to each in the transaction (assertRoutingAllowed).
 */
export const rulesField = rulesSchema(destinationUrlField).describe(
  `At most ${MAX_RULES} rules in order; the first whose conditions all hold sends the visitor to its destination_url`,
);

/** The preview card's title and description: shown by link-preview crawlers. */
export const ogTitleField = z.string().trim().max(200, "og_title must be at most 200 characters");
export const ogDescriptionField = z.string().trim().max(500, "og_description must be at most 500 characters");

/** The card's image: https only (social networks fetch it; mixed content is refused by most). */
export const ogImageField = optionalUrlField
  .refine((url) => url === "" || url.startsWith("https://"), "og_image must be an https:// URL")
  .describe("https:// URL of the card's image; empty for none");
