/**
 * A text field of a JSON link object: trimmed, undefined when absent, null, empty or not text.
 * Numbers are taken as their text (some APIs send numeric codes).
 */
export function readJsonString(element: Record<string, unknown>, key: string): string | undefined {
  const value = element[key];
  const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
  return text === "" ? undefined : text;
}
