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

/** The routing fields of a link as the API returns it (empty where the link has none). */
export function routingOf(link: ShortUrl): LinkRouting {
  return {
    rules: link.rules.map((rule) => ({
      id: rule.id,
      ...(rule.name ? { name: rule.name } : {}),
      destination_url: rule.destination_url,
      conditions: rule.conditions,
    })),
    ios_url: link.iosUrl ?? "",
    android_url: link.androidUrl ?? "",
    og_title: link.ogTitle ?? "",
    og_description: link.ogDescription ?? "",
    og_image: link.ogImage ?? "",
  };
}
