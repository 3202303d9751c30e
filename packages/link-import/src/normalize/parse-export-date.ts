import type { DateField } from "../format-definition";

/**
 * How exports write dates. `iso8601` also covers YOURLS's `YYYY-MM-DD hh:mm:ss` (a space for the
 * T) and offsets without a colon (`+0000`); `epoch-seconds` is a bare integer.
 */
export type DateStyle = "iso8601" | "epoch-seconds";

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Reads a date cell. A date-time without an offset is taken as UTC: exports rarely say their zone
 * and the importing machine's zone must not decide. Impossible calendar dates (2023-02-30) are
 * invalid rather than rolled over.
 */
export function parseExportDate(raw: string | undefined, styles: readonly DateStyle[]): DateField {
  const text = raw?.trim() ?? "";
  if (text === "") return undefined;
  if (styles.includes("epoch-seconds") && /^\d{1,12}$/.test(text)) return new Date(Number(text) * 1000);
  const match = styles.includes("iso8601") ? ISO.exec(text) : null;
  if (!match) return { invalid: text };
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", offset = "Z"] = match;
  const zone = offset.toUpperCase() === "Z" ? "Z" : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  const millis = fraction === "" ? "" : fraction.slice(0, 4).padEnd(4, "0");
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${zone}`);
  if (Number.isNaN(date.getTime())) return { invalid: text };
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day))
    return { invalid: text };
  return date;
}
