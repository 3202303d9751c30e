/**
 * A header cell as formats match it: trimmed and lower-case. Spaces and underscores are kept:
 * Bitly's `long_url` and Shlink's `longUrl` must stay apart.
 */
export function normalizeColumnName(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase();
}
