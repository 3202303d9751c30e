import type { AbTestBody } from "./ab-test";

/** The API's bounds on a test's variants (the control included). */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 10;

export interface VariantDraft {
  /** Stable across adding and removing variants, so each keeps its fields (and focus). */
  key: number;
  name: string;
  destination: string;
  /** Percent of visitors as typed. */
  weight: string;
}

export type LinkMode = "existing" | "rotator";

/** The create form's values as typed. */
export interface AbTestDraft {
  name: string;
  linkMode: LinkMode;
  /** Alias or short code (or the whole short URL) of the link to test. */
  link: string;
  /** Alias of the new rotator link; empty: a random code. */
  alias: string;
  confidence: "90" | "95" | "99";
  /** Whether conversions are counted: without them there is no verdict. */
  conversions: boolean;
  variants: VariantDraft[];
}

/**
 * Error keys: the API's field names, and `variants.<index>.<field>` for one variant's field, so
 * the API's validation issues map back to the field that caused them.
 */
export type AbTestErrors = Map<string, string>;

/** A, B, C…: how the form and its labels name the variants. */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);

export const variantErrorKey = (index: number, field: "name" | "destination_url" | "traffic_weight") =>
  `variants.${index}.${field}`;

/** Whole percents that add up to 100, the first ones taking the remainder (34/33/33). */
export function evenWeights(count: number): string[] {
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, index) => String(base + (index < 100 % count ? 1 : 0)));
}

let nextKey = 0;
export const newVariant = (weight: string): VariantDraft => {
  nextKey += 1;
  return { key: nextKey, name: "", destination: "", weight };
};

export const emptyAbTestDraft = (): AbTestDraft => ({
  name: "",
  linkMode: "existing",
  link: "",
  alias: "",
  confidence: "95",
  conversions: true,
  variants: evenWeights(MIN_VARIANTS).map(newVariant),
});

/** The weights as numbers; NaN where the text is not a whole number. */
export const weightsOf = (variants: readonly VariantDraft[]) =>
  variants.map((variant) =>
    /^\d+$/.test(variant.weight.trim()) ? Number(variant.weight.trim()) : Number.NaN,
  );

/** "go.kurz.link/spring" or "https://go.kurz.link/spring" → "spring": the API takes a code or alias. */
function codeOf(link: string): string {
  const trimmed = link
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "");
  const slash = trimmed.lastIndexOf("/");
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export type BuiltAbTestBody = { ok: true; body: AbTestBody } | { ok: false; errors: AbTestErrors };

/**
 * The create call's body, or what is wrong with the form. The first variant is sent as the
 * control: otherwise, on an existing link, the API would add the link's own destination as one
 * more variant, and the table would not match the form.
 */
export function buildAbTestBody(draft: AbTestDraft): BuiltAbTestBody {
  const errors: AbTestErrors = new Map();
  const name = draft.name.trim();
  if (name === "") errors.set("name", "Enter a name for the test");
  const code = codeOf(draft.link);
  if (draft.linkMode === "existing" && code === "") {
    errors.set("primary_url_id", "Enter the alias or short code of the link to test");
  }
  const weights = weightsOf(draft.variants);
  draft.variants.forEach((variant, index) => {
    const destination = variant.destination.trim();
    if (destination === "") {
      errors.set(variantErrorKey(index, "destination_url"), "Enter where this variant sends visitors");
    } else if (!isWebUrl(destination)) {
      errors.set(
        variantErrorKey(index, "destination_url"),
        "Enter a full address starting with https:// or http://",
      );
    }
    const weight = weights[index] ?? Number.NaN;
    if (!Number.isInteger(weight) || weight < 1 || weight > 99) {
      errors.set(variantErrorKey(index, "traffic_weight"), "Enter a whole percent from 1 to 99");
    }
  });
  const total = weights.reduce((sum, weight) => sum + (Number.isNaN(weight) ? 0 : weight), 0);
  if (total !== 100) {
    errors.set("variants", `The weights add up to ${total}%; they must add up to 100%.`);
  }
  if (errors.size > 0) return { ok: false, errors };

  const alias = draft.alias.trim();
  return {
    ok: true,
    body: {
      name,
      traffic_split_mode: "weighted",
      confidence_level: Number(draft.confidence) as 90 | 95 | 99,
      conversions_enabled: draft.conversions,
      variants: draft.variants.map((variant, index) => ({
        ...(variant.name.trim() ? { name: variant.name.trim() } : {}),
        destination_url: variant.destination.trim(),
        traffic_weight: weights[index] ?? 0,
        control: index === 0,
      })),
      ...(draft.linkMode === "existing" ? { primary_url_id: code } : alias ? { short_code: alias } : {}),
    },
  };
}
