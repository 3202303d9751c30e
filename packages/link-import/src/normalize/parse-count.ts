/**
 * A click count from a cell or a JSON number: a non-negative integer, or undefined when the export
 * left it empty or wrote something else (a count is informative, never a reason to drop a link).
 */
export function parseCount(raw: unknown): number | undefined {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 0 ? raw : undefined;
  if (typeof raw !== "string") return undefined;
  const text = raw.trim();
  if (!/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}
