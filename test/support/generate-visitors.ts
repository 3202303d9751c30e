import { LINK_PREVIEW_CRAWLERS } from "@kurz/redirect-rules";

/** A described visitor: the simulator's input (docs/api/redirect-rules.md#simulator), `at` as ms too. */
export interface GeneratedVisitor {
  /** The link visited. */
  code: string;
  user_agent?: string;
  accept_language?: string;
  ip: string;
  referrer?: string;
  query?: Record<string, string>;
  /** The instant, ISO 8601 with an offset (Z or +02:00), as the simulator takes it. */
  at: string;
  atMs: number;
}

export interface VisitorSpace {
  seed: number;
  count: number;
  codes: readonly string[];
  /** Instants to visit at (rule boundaries and around them); each visitor takes one. */
  instants: readonly number[];
  /** Addresses are drawn from these: "a.b.c." IPv4 prefixes (a last octet is added) or whole addresses. */
  addressPools: readonly (readonly string[])[];
}

/** mulberry32: small, fast, and the same sequence for a seed on every machine. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PEOPLE = [
  // iOS: phone, tablet, in-app browsers
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.106;FBBV/600000000;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/de_DE;FBOP/5]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,2; iOS 17_5; de_DE; de; scale=3.00; 1179x2556; 600000000)",
  // Android: phones, a tablet, Firefox
  "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 OPR/82.0.4227.80275",
  // Desktops
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
];

/** Bots that are not link-preview crawlers (a short link stays a redirect for them), and oddities. */
const BOTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "curl/8.5.0",
  "python-requests/2.32.3",
  "",
];

const LANGUAGES = ["de", "de-DE", "de-AT", "DE", "en", "en-US", "en-GB", "fr", "fr-FR", "it", "pt-BR", "*"];
const QUALITIES = ["", ";q=1", ";q=0.9", ";q=0.5", ";q=0.001", ";q=0", ";q=0.0", ";Q=0.8", " ; q=0.7"];
const ODD_LANGUAGE_HEADERS = ["de;q=abc", ";;,", "q=0.5", "de-", "en;q=2", "de;q=0.5;q=0"];

const REFERRERS = [
  "https://example.org/",
  "https://news.example.org/today?x=1",
  "http://EXAMPLE.ORG:8080/p",
  "https://example.org.evil.test/",
  "https://notexample.org/",
  "https://www.google.com/",
  "android-app://com.google.android.gm/",
  "not a url",
];

const QUERY_VALUES: Record<string, readonly string[]> = {
  ref: ["", "abc"],
  utm_source: ["newsletter", "ads", "Newsletter"],
  page: ["2"],
  q: ["a b", "ü&x"],
};

/** The same instant written with a +02:00 offset: the simulator must read both forms alike. */
function withOffset(ms: number): string {
  const shifted = new Date(ms + 2 * 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

/**
 * `count` visitors drawn from `seed` alone: agents (people, tablets, in-app browsers, every
 * link-preview crawler's example, other bots, none), Accept-Language with q-values (and broken
 * ones), addresses, referrers, query strings and instants.
 */
export function generateVisitors(space: VisitorSpace): GeneratedVisitor[] {
  const random = prng(space.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;
  const crawlers = LINK_PREVIEW_CRAWLERS.map((crawler) => crawler.example);

  const visitors: GeneratedVisitor[] = [];
  for (let i = 0; i < space.count; i++) {
    const kind = random();
    const userAgent =
      kind < 0.7 ? pick(PEOPLE) : kind < 0.88 ? pick(crawlers) : kind < 0.97 ? pick(BOTS) : undefined;

    let acceptLanguage: string | undefined;
    if (chance(0.05)) acceptLanguage = pick(ODD_LANGUAGE_HEADERS);
    else if (chance(0.85)) {
      const entries = Array.from(
        { length: 1 + Math.floor(random() * 3) },
        () => pick(LANGUAGES) + pick(QUALITIES),
      );
      acceptLanguage = entries.join(pick([",", ", "]));
    }

    const pool = pick(space.addressPools);
    const address = pick(pool);
    const ip = address.endsWith(".") ? `${address}${Math.floor(random() * 256)}` : address;

    const query: Record<string, string> = {};
    for (const [name, values] of Object.entries(QUERY_VALUES)) {
      if (chance(0.2)) query[name] = pick(values);
    }

    const atMs = pick(space.instants);
    visitors.push({
      code: pick(space.codes),
      ...(userAgent === undefined ? {} : { user_agent: userAgent }),
      ...(acceptLanguage === undefined ? {} : { accept_language: acceptLanguage }),
      ip,
      ...(chance(0.4) ? { referrer: pick(REFERRERS) } : {}),
      ...(Object.keys(query).length === 0 ? {} : { query }),
      at: chance(0.2) ? withOffset(atMs) : new Date(atMs).toISOString(),
      atMs,
    });
  }
  return visitors;
}
