import { isbotMatch } from "isbot";
import { LRUCache } from "lru-cache";
import { UAParser } from "ua-parser-js";

export interface UserAgentInfo {
  bot: boolean;
  /** Why it is a bot: "empty-user-agent" or "user-agent:<matched pattern>"; "" for humans. */
  botReason: string;
  /** desktop, mobile, tablet, console, smarttv, wearable, embedded, bot, or "" (unknown). */
  deviceType: string;
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
}

const EMPTY: UserAgentInfo = {
  bot: true,
  botReason: "empty-user-agent",
  deviceType: "bot",
  browser: "",
  browserVersion: "",
  os: "",
  osVersion: "",
};

/**
 * The user-agent token around what isbot matched ("bot" in "Slackbot-LinkExpanding 1.0" gives
 * "slackbot-linkexpanding"), so reasons name the fetcher rather than the generic pattern.
 */
function botName(userAgent: string, match: string): string {
  const at = userAgent.toLowerCase().indexOf(match.toLowerCase());
  if (at === -1) return match.toLowerCase();
  const stop = /[\s/;()]/;
  let start = at;
  while (start > 0 && !stop.test(userAgent[start - 1] ?? " ")) start--;
  let end = at + match.length;
  while (end < userAgent.length && !stop.test(userAgent[end] ?? " ")) end++;
  // Patterns may include a version ("curl/8.5.0"): the name ends at the first "/".
  return userAgent.slice(start, end).toLowerCase().split("/")[0]?.slice(0, 64) ?? "";
}

function classify(userAgent: string): UserAgentInfo {
  if (userAgent.trim() === "") return EMPTY;
  const result = new UAParser(userAgent).getResult();
  const match = isbotMatch(userAgent);
  const bot = match !== null;
  const browser = result.browser.name ?? "";
  return {
    bot,
    botReason: bot ? `user-agent:${botName(userAgent, match)}` : "",
    deviceType: bot ? "bot" : (result.device.type ?? (browser !== "" ? "desktop" : "")),
    browser,
    browserVersion: result.browser.version ?? "",
    os: result.os.name ?? "",
    osVersion: result.os.version ?? "",
  };
}

/**
 * Device / browser / OS from ua-parser-js v1 (MIT; v2 is AGPL and must not be used) and the bot
 * verdict from isbot (which also covers link-preview fetchers: Slackbot, facebookexternalhit,
 * Twitterbot...). Parsing costs ~15 µs, and traffic repeats a small set of user agents, so
 * results are cached per user-agent string.
 */
export function createUserAgentClassifier(maxEntries = 20_000): (userAgent: string) => UserAgentInfo {
  const cache = new LRUCache<string, UserAgentInfo>({ max: maxEntries });
  return (userAgent) => {
    let info = cache.get(userAgent);
    if (info === undefined) {
      info = classify(userAgent);
      cache.set(userAgent, info);
    }
    return info;
  };
}
