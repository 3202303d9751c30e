/**
 * An export's destination as Kurz will store it: trimmed, absolute, http(s) only. Other schemes
 * (javascript:, data:, file:, ftp:…) are refused here rather than at link creation, so the person
 * importing sees them row by row.
 */
export function normalizeDestinationUrl(
  raw: string | undefined,
): { ok: true; url: string } | { ok: false; code: "MISSING_URL" | "INVALID_URL"; message: string } {
  const text = raw?.trim() ?? "";
  if (text === "") return { ok: false, code: "MISSING_URL", message: "the row has no destination URL" };
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { ok: false, code: "INVALID_URL", message: `not an absolute URL: ${preview(text)}` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return {
      ok: false,
      code: "INVALID_URL",
      message: `only http and https URLs are imported, not ${parsed.protocol}`,
    };
  }
  if (parsed.hostname === "")
    return { ok: false, code: "INVALID_URL", message: `no host in ${preview(text)}` };
  return { ok: true, url: parsed.href };
}

function preview(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
