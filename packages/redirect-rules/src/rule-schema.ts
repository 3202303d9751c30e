import ipaddr from "ipaddr.js";
import { z } from "zod";
import {
  MAX_CITY_LENGTH,
  MAX_CONDITIONS,
  MAX_HOST_LENGTH,
  MAX_QUERY_NAME_LENGTH,
  MAX_QUERY_VALUE_LENGTH,
  MAX_RULE_ID_LENGTH,
  MAX_RULE_NAME_LENGTH,
  MAX_RULES,
  MAX_VALUES,
} from "./rule-limits";
import { BROWSERS, DEVICES, OPERATING_SYSTEMS } from "./vocabulary";

function valuesOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .min(1, "must list at least one value")
    .max(MAX_VALUES, `must list at most ${MAX_VALUES} values`);
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(", ")}` });
}

const languageTag = z
  .string()
  .max(35, "must be at most 35 characters")
  .regex(/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/, "must be a language tag such as de or pt-BR");

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code such as DE")
  .transform((code) => code.toUpperCase());

const regionCode = z
  .string()
  .regex(/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, "must be an ISO 3166-2 code such as DE-BY")
  .transform((code) => code.toUpperCase());

const cityName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_CITY_LENGTH, `must be at most ${MAX_CITY_LENGTH} characters`);

const cidr = z
  .string()
  .max(64, "must be at most 64 characters")
  .refine((text) => {
    try {
      ipaddr.parseCIDR(text);
      return true;
    } catch {
      return false;
    }
  }, "must be a CIDR range such as 203.0.113.0/24 or 2001:db8::/32 (one address: /32 or /128)");

const hostname = z
  .string()
  .max(MAX_HOST_LENGTH, `must be at most ${MAX_HOST_LENGTH} characters`)
  .regex(
    /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
    "must be a host name such as example.com (no scheme, port or path)",
  )
  .transform((host) => host.toLowerCase());

// An offset (or Z) is required: a rule's instant must not depend on the server's time zone.
const instant = z.iso.datetime({
  offset: true,
  error: "must be an ISO 8601 instant with an offset, such as 2026-01-01T00:00:00Z",
});

export const conditionSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("device"), values: valuesOf(oneOf(DEVICES)) }),
    z.strictObject({ type: z.literal("os"), values: valuesOf(oneOf(OPERATING_SYSTEMS)) }),
    z.strictObject({ type: z.literal("browser"), values: valuesOf(oneOf(BROWSERS)) }),
    z.strictObject({ type: z.literal("language"), values: valuesOf(languageTag) }),
    z.strictObject({ type: z.literal("country"), values: valuesOf(countryCode) }),
    z.strictObject({ type: z.literal("region"), values: valuesOf(regionCode) }),
    z.strictObject({ type: z.literal("city"), values: valuesOf(cityName) }),
    z.strictObject({ type: z.literal("ip"), values: valuesOf(cidr) }),
    z.strictObject({ type: z.literal("referrer_host"), values: valuesOf(hostname) }),
    z.strictObject({
      type: z.literal("query_param"),
      name: z
        .string()
        .min(1, "must not be empty")
        .max(MAX_QUERY_NAME_LENGTH, `must be at most ${MAX_QUERY_NAME_LENGTH} characters`),
      value: z
        .string()
        .max(MAX_QUERY_VALUE_LENGTH, `must be at most ${MAX_QUERY_VALUE_LENGTH} characters`)
        .optional(),
    }),
    z.strictObject({ type: z.literal("after"), at: instant }),
    z.strictObject({ type: z.literal("before"), at: instant }),
  ],
  {
    error:
      "type must be one of device, os, browser, language, country, region, city, ip, referrer_host, query_param, after, before",
  },
);

export type Condition = z.output<typeof conditionSchema>;

/**
 * The schema of a link's rules. The destination URL is validated by the caller's schema (the
 * same one as the link's own URL), so this package does not decide which URLs a link may hold.
 */
export function rulesSchema(destinationSchema: z.ZodType<string, string>) {
  const rule = z.strictObject({
    id: z
      .string()
      .min(1, "must not be empty")
      .max(MAX_RULE_ID_LENGTH, `must be at most ${MAX_RULE_ID_LENGTH} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, "must hold only letters, digits, '-' and '_'"),
    name: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(MAX_RULE_NAME_LENGTH, `must be at most ${MAX_RULE_NAME_LENGTH} characters`)
      .optional(),
    destination_url: destinationSchema,
    conditions: z
      .array(conditionSchema)
      .min(1, "must hold at least one condition (a rule without one would hide the link's URL)")
      .max(MAX_CONDITIONS, `must hold at most ${MAX_CONDITIONS} conditions`),
  });
  return z
    .array(rule)
    .max(MAX_RULES, `must hold at most ${MAX_RULES} rules`)
    .superRefine((rules, context) => {
      const seen = new Set<string>();
      rules.forEach((r, index) => {
        if (seen.has(r.id)) {
          context.addIssue({ code: "custom", path: [index, "id"], message: `duplicates rule id '${r.id}'` });
        }
        seen.add(r.id);
      });
    });
}

export type Rule = z.output<ReturnType<typeof rulesSchema>>[number];
