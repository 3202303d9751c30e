export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

/** One tag: trimmed, lowercase, inner whitespace collapsed to one space. */
export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, " ");
}

/** Tags as stored: normalized, empty ones dropped, duplicates removed, first occurrence order. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normalizeTag).filter((tag) => tag !== ""))];
}
