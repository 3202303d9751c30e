import { isbot } from "isbot";

/** The answers for the user agents seen lately: isbot's pattern is one large regular expression. */
const seen = new Map<string, boolean>();
const MAX_SEEN = 2_048;

/**
 * A bot as the redirector counts one: isbot's patterns, or no User-Agent at all. Memoized per
 * User-Agent string (a few browsers' strings make most traffic), cleared when full.
 */
export function isBotUserAgent(userAgent: string): boolean {
  if (userAgent === "") return true;
  const known = seen.get(userAgent);
  if (known !== undefined) return known;
  const bot = isbot(userAgent);
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(userAgent, bot);
  return bot;
}
