import type { BreakdownEntry } from "./report-types";

// Intl.DisplayNames is in every browser the dashboard supports; a code is the fallback.
const regionNames = new Intl.DisplayNames(undefined, { type: "region" });

/** "GB" → "United Kingdom"; "" (an address the geography data does not know) → "Unknown". */
export function countryName(code: string | undefined): string {
  if (!code) return "Unknown";
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A region or city with where it is: "Bavaria, Germany", "Munich, Bavaria, Germany". */
export function placeName(entry: BreakdownEntry): string {
  if (!entry.key) return "Unknown";
  const within = [entry.region, entry.country ? countryName(entry.country) : ""];
  return [entry.key, ...within.filter((part) => part && part !== entry.key)].join(", ");
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "desktop" → "Desktop"; "" → "Unknown". */
export const deviceName = (key: string): string => (key ? capitalized(key) : "Unknown");

/** A browser or OS name as the API gives it; "" → "Unknown". */
export const plainName = (key: string): string => key || "Unknown";

/** A referring host; "" is a visit without a referrer. */
export const referrerName = (key: string): string => key || "Direct or unknown";

const CATEGORY_NAMES: Record<string, string> = {
  direct: "Direct (no referrer)",
  search: "Search engines",
  social: "Social networks",
  email: "Email",
  internal: "Your own short links",
  referral: "Other websites",
};

export const referrerCategoryName = (key: string): string => CATEGORY_NAMES[key] ?? plainName(key);

/** A UTM value; "" is clicks without that parameter. */
export const utmName = (key: string): string => key || "(not set)";

/** "user-agent:Slackbot" → "Slackbot (user agent)". */
export function botReasonName(key: string): string {
  if (!key) return "Unknown";
  const [kind, detail] = key.split(/:(.*)/s, 2);
  if (kind === "user-agent" && detail) return `${detail} (user agent)`;
  return capitalized(key.replaceAll("-", " "));
}
