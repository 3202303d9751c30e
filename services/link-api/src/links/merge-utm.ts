import { MAX_URL_LENGTH } from "@kurz/service-runtime";

export interface UtmFields {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
}

export const EMPTY_UTM: UtmFields = { source: "", medium: "", campaign: "", term: "", content: "" };

/**
 * The destination visitors get: the UTM fields set on the URL's query (replacing parameters of
 * the same name, keeping every other parameter and the fragment). Empty fields are left out.
 */
export function mergeUtm(url: string, utm: UtmFields): string {
  const entries = Object.entries(utm).filter(([, value]) => value !== "");
  if (entries.length === 0) return url;
  const merged = new URL(url);
  for (const [field, value] of entries) merged.searchParams.set(`utm_${field}`, value);
  return merged.toString();
}

export function fitsUrlLength(url: string): boolean {
  return url.length <= MAX_URL_LENGTH;
}
