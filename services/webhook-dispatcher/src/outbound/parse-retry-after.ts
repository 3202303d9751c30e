/** A receiver cannot park its deliveries for longer than this, whatever it answers. */
export const MAX_RETRY_AFTER_SECONDS = 86_400;

/** HTTP-dates start with a day name (IMF-fixdate, RFC 850 and asctime forms alike). */
const HTTP_DATE_START = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;

/**
 * Seconds to wait before the next attempt, from a Retry-After header (RFC 9110 §10.2.3):
 * delta-seconds, or an HTTP-date (a date already past is 0). Capped at a day. Undefined when
 * absent or unreadable — V8's Date.parse would read almost anything as a date, hence the shape
 * check first.
 */
export function parseRetryAfter(
  value: string | readonly string[] | undefined,
  now: Date,
): number | undefined {
  const raw = (typeof value === "string" ? value : value?.[0])?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Math.min(Number(raw), MAX_RETRY_AFTER_SECONDS);
  if (!HTTP_DATE_START.test(raw)) return undefined;
  // asctime dates carry no zone but are GMT; Date.parse would read them as local time.
  const at = Date.parse(/\bGMT$/i.test(raw) ? raw : `${raw} GMT`);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - now.getTime()) / 1000)), MAX_RETRY_AFTER_SECONDS);
}
