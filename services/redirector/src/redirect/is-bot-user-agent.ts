import { isbot } from "isbot";

/** A bot as the redirector counts one: isbot's patterns, or no User-Agent at all. */
export function isBotUserAgent(userAgent: string): boolean {
  return userAgent === "" || isbot(userAgent);
}
