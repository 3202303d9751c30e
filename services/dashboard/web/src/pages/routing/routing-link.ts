import type { ShortUrl } from "../links/short-url";

/** The condition types of a rule (packages/redirect-rules), in the order the editor offers them. */
export const CONDITION_TYPES = [
  "language",
  "country",
  "region",
  "city",
  "device",
  "os",
  "browser",
  "ip",
  "referrer_host",
  "query_param",
  "after",
  "before",
] as const;

export type ConditionType = (typeof CONDITION_TYPES)[number];

/** The closed vocabularies (mirrored from packages/redirect-rules: the web build takes no Node package). */
export const CONDITION_CHOICES: Partial<Record<ConditionType, readonly string[]>> = {
  device: ["mobile", "tablet", "desktop"],
  os: ["ios", "android", "windows", "macos", "linux", "chromeos"],
  browser: ["chrome", "safari", "firefox", "edge", "samsung", "opera", "other"],
};

export type RuleCondition =
  | { type: "query_param"; name: string; value?: string }
  | { type: "after" | "before"; at: string }
  | { type: Exclude<ConditionType, "query_param" | "after" | "before">; values: string[] };

export interface RedirectRule {
  id: string;
  name?: string;
  destination_url: string;
  conditions: RuleCondition[];
}

/** A link's routing as the page edits it: rules, app deep links and the preview card. */
export interface LinkRouting {
  rules: RedirectRule[];
  ios_url: string;
  android_url: string;
  og_title: string;
  og_description: string;
  og_image: string;
}

export type RoutingBody = Partial<{
  rules: RedirectRule[];
  ios_url: string | null;
  android_url: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
}>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Reads a field by its API name, or its camelCase spelling in the link object. */
function field(link: Record<string, unknown>, name: string): unknown {
  const camel = name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return link[name] ?? link[camel];
}

function readRule(raw: unknown): RedirectRule | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const rule = raw as Record<string, unknown>;
  const conditions = Array.isArray(rule["conditions"]) ? (rule["conditions"] as RuleCondition[]) : [];
  const name = text(rule["name"]);
  return {
    id: text(rule["id"]),
    ...(name ? { name } : {}),
    destination_url: text(field(rule, "destination_url")),
    conditions,
  };
}

/** The routing fields of a link as the API returns it (absent on links that have none). */
export function routingOf(link: ShortUrl): LinkRouting {
  const raw = link as unknown as Record<string, unknown>;
  const rules = field(raw, "rules");
  return {
    rules: Array.isArray(rules) ? rules.flatMap((rule) => readRule(rule) ?? []) : [],
    ios_url: text(field(raw, "ios_url")),
    android_url: text(field(raw, "android_url")),
    og_title: text(field(raw, "og_title")),
    og_description: text(field(raw, "og_description")),
    og_image: text(field(raw, "og_image")),
  };
}
