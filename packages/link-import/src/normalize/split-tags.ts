/**
 * Tags from one cell (or a list), trimmed, without empties, each kept once in first-seen order:
 * exports repeat tags and pad them with spaces ("a, b").
 */
export function splitTags(raw: string | readonly string[] | undefined, separator: RegExp): string[] {
  if (raw === undefined) return [];
  const parts = typeof raw === "string" ? raw.split(separator) : raw;
  const seen = new Set<string>();
  for (const part of parts) {
    const tag = part.trim();
    if (tag !== "") seen.add(tag);
  }
  return [...seen];
}
