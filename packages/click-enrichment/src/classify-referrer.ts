export type ReferrerCategory = "direct" | "search" | "social" | "email" | "internal" | "referral";

export interface ReferrerInfo {
  /** Lowercase host without "www."; for app referrers (android-app://) the app id; "" if none. */
  host: string;
  category: ReferrerCategory;
}

const SEARCH =
  /(^|\.)(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|startpage|ask|naver|qwant|seznam)\.[a-z.]+$|^search\.brave\.com$|^kagi\.com$/;
const EMAIL =
  /^(mail\.google\.com|outlook\.(live|office|office365)\.com|mail\.yahoo\.com|mail\.proton\.me|app\.fastmail\.com|mail\.aol\.com|mail\.yandex\.[a-z]+|com\.google\.android\.gm|com\.microsoft\.office\.outlook)$/;
const SOCIAL =
  /(^|\.)(facebook\.com|fb\.com|instagram\.com|t\.co|twitter\.com|x\.com|linkedin\.com|lnkd\.in|reddit\.com|pinterest\.[a-z.]+|pin\.it|tiktok\.com|youtube\.com|youtu\.be|threads\.net|bsky\.app|t\.me|telegram\.org|whatsapp\.com|wa\.me|discord\.com|snapchat\.com|vk\.com|weibo\.com|quora\.com|news\.ycombinator\.com|tumblr\.com|mastodon\.social)$|^(com\.facebook\.katana|com\.instagram\.android|com\.twitter\.android|com\.linkedin\.android|com\.reddit\.frontpage|com\.zhiliaoapp\.musically)$/;

function hostOf(referrer: string): string {
  const app = /^android-app:\/\/([^/?#]+)/i.exec(referrer);
  if (app?.[1]) return app[1].toLowerCase();
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, "");
  } catch {
    return "";
  }
}

/**
 * The referrer's host and what kind of source it is: direct (no referrer), search engine, social
 * network, webmail / mail app, internal (the short link's own host), or any other site.
 */
export function classifyReferrer(referrer: string, linkHost: string): ReferrerInfo {
  if (referrer === "") return DIRECT;
  // Most clicks come from a few referrers: remember recent answers (URL parsing and the patterns
  // cost more than the rest of a click's enrichment).
  const key = `${linkHost} ${referrer}`;
  const known = recent.get(key);
  if (known) return known;
  const info = classify(referrer, linkHost);
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(key, info);
  return info;
}

const DIRECT: ReferrerInfo = Object.freeze({ host: "", category: "direct" });
const RECENT_MAX = 10_000;
const recent = new Map<string, ReferrerInfo>();

function classify(referrer: string, linkHost: string): ReferrerInfo {
  const host = hostOf(referrer);
  if (host === "") return DIRECT;
  if (host === linkHost.replace(/^www\./, "")) return { host, category: "internal" };
  if (EMAIL.test(host)) return { host, category: "email" };
  if (SEARCH.test(host)) return { host, category: "search" };
  if (SOCIAL.test(host)) return { host, category: "social" };
  return { host, category: "referral" };
}
