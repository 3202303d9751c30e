import { inArray } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { subdomains } from "../db/schema";
import { checkSubdomainLabel } from "./normalize-subdomain-label";

const PATTERNS = [
  (base: string) => base,
  (base: string) => `${base}-links`,
  (base: string) => `go-${base}`,
  (base: string) => `${base}-go`,
  (base: string) => `get-${base}`,
  (base: string) => `${base}-hq`,
  (base: string) => `my-${base}`,
  (base: string) => `${base}-app`,
  (base: string) => `try-${base}`,
  (base: string) => `${base}-now`,
];

/** Turns a name ("Acme Coffee & Co.") into a label stem ("acme-coffee-co"), ASCII only. */
function slugOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/g, "");
}

/** Free, valid labels derived from a word, in a stable order of preference. */
export async function suggestSubdomains(db: LinkApiExecutor, base: string, limit: number): Promise<string[]> {
  let stem = slugOf(base);
  if (stem.length < 3) stem = `${stem || "my"}-links`.replace(/^-/, "");
  const candidates = [
    ...PATTERNS.map((pattern) => pattern(stem)),
    ...Array.from({ length: 20 }, (_, i) => `${stem}${i + 2}`),
  ]
    .map((candidate) => candidate.slice(0, 63).replace(/-+$/, ""))
    .filter((candidate, index, all) => all.indexOf(candidate) === index && checkSubdomainLabel(candidate).ok);
  if (candidates.length === 0) return [];
  const taken = new Set(
    (
      await db
        .select({ label: subdomains.subdomain })
        .from(subdomains)
        .where(inArray(subdomains.subdomain, candidates))
    ).map((row) => row.label),
  );
  return candidates.filter((candidate) => !taken.has(candidate)).slice(0, limit);
}
