/**
 * What generated clicks are made of: places, devices, bots, referrers, UTM tags and conversion
 * events, with rough real-world weights. Values look like the enrichment's output
 * (src/enrichment: ua-parser-js names, isbot reasons, referrer categories, GeoLite2 places).
 */

/** Country, its weight, and region → cities. */
export const PLACES: ReadonlyArray<readonly [string, number, Record<string, readonly string[]>]> = [
  [
    "US",
    30,
    {
      California: ["Los Angeles", "San Francisco", "San Diego"],
      "New York": ["New York", "Buffalo"],
      Texas: ["Austin", "Houston", "Dallas"],
      Washington: ["Seattle"],
    },
  ],
  [
    "DE",
    10,
    {
      Bavaria: ["Munich", "Nuremberg"],
      Berlin: ["Berlin"],
      Hesse: ["Frankfurt am Main"],
      Hamburg: ["Hamburg"],
    },
  ],
  ["GB", 9, { England: ["London", "Manchester", "Leeds"], Scotland: ["Edinburgh", "Glasgow"] }],
  [
    "FR",
    7,
    { "Île-de-France": ["Paris"], "Auvergne-Rhône-Alpes": ["Lyon", "Grenoble"], Occitanie: ["Toulouse"] },
  ],
  ["IN", 7, { Maharashtra: ["Mumbai", "Pune"], Karnataka: ["Bengaluru"], Delhi: ["New Delhi"] }],
  ["BR", 5, { "São Paulo": ["São Paulo", "Campinas"], "Rio de Janeiro": ["Rio de Janeiro"] }],
  ["CA", 4, { Ontario: ["Toronto", "Ottawa"], Quebec: ["Montreal"], "British Columbia": ["Vancouver"] }],
  ["JP", 4, { Tokyo: ["Tokyo"], Osaka: ["Osaka"] }],
  ["NL", 3, { "North Holland": ["Amsterdam"], "South Holland": ["Rotterdam", "The Hague"] }],
  ["ES", 3, { Madrid: ["Madrid"], Catalonia: ["Barcelona"] }],
  ["AU", 3, { "New South Wales": ["Sydney"], Victoria: ["Melbourne"] }],
  ["CH", 2, { Zurich: ["Zürich"], Geneva: ["Geneva"] }],
  ["SE", 2, { Stockholm: ["Stockholm"] }],
  ["PL", 2, { Mazovia: ["Warsaw"], "Lesser Poland": ["Kraków"] }],
  ["MX", 2, { "Mexico City": ["Mexico City"], Jalisco: ["Guadalajara"] }],
  ["NG", 1, { Lagos: ["Lagos"] }],
  ["KR", 1, { Seoul: ["Seoul"] }],
  ["ZA", 1, { Gauteng: ["Johannesburg", "Pretoria"] }],
  ["AR", 1, { "Buenos Aires F.D.": ["Buenos Aires"] }],
  ["SG", 1, { "": ["Singapore"] }],
];
/** Share of requests whose address locates nowhere (country, region and city all ""). */
export const UNKNOWN_PLACE_SHARE = 0.03;

export interface Agent {
  deviceType: string;
  browser: string;
  browserVersions: readonly string[];
  os: string;
  osVersions: readonly string[];
  weight: number;
}

export const HUMAN_AGENTS: readonly Agent[] = [
  {
    deviceType: "desktop",
    browser: "Chrome",
    browserVersions: ["126.0.0.0", "127.0.0.0", "128.0.0.0"],
    os: "Windows",
    osVersions: ["10"],
    weight: 26,
  },
  {
    deviceType: "desktop",
    browser: "Edge",
    browserVersions: ["126.0.0.0", "127.0.0.0"],
    os: "Windows",
    osVersions: ["10"],
    weight: 6,
  },
  {
    deviceType: "desktop",
    browser: "Firefox",
    browserVersions: ["127.0", "128.0"],
    os: "Windows",
    osVersions: ["10"],
    weight: 4,
  },
  {
    deviceType: "desktop",
    browser: "Safari",
    browserVersions: ["17.5", "17.6"],
    os: "Mac OS",
    osVersions: ["10.15.7"],
    weight: 8,
  },
  {
    deviceType: "desktop",
    browser: "Chrome",
    browserVersions: ["127.0.0.0"],
    os: "Mac OS",
    osVersions: ["10.15.7"],
    weight: 6,
  },
  {
    deviceType: "desktop",
    browser: "Firefox",
    browserVersions: ["128.0"],
    os: "Linux",
    osVersions: [""],
    weight: 2,
  },
  {
    deviceType: "mobile",
    browser: "Mobile Safari",
    browserVersions: ["17.5", "17.6"],
    os: "iOS",
    osVersions: ["17.5.1", "17.6"],
    weight: 20,
  },
  {
    deviceType: "mobile",
    browser: "Chrome",
    browserVersions: ["126.0.6478.122", "127.0.6533.64"],
    os: "Android",
    osVersions: ["13", "14"],
    weight: 16,
  },
  {
    deviceType: "mobile",
    browser: "Samsung Browser",
    browserVersions: ["25.0"],
    os: "Android",
    osVersions: ["14"],
    weight: 3,
  },
  {
    deviceType: "mobile",
    browser: "Instagram",
    browserVersions: ["340.0.0"],
    os: "iOS",
    osVersions: ["17.5.1"],
    weight: 2,
  },
  {
    deviceType: "tablet",
    browser: "Mobile Safari",
    browserVersions: ["17.5"],
    os: "iOS",
    osVersions: ["17.5"],
    weight: 4,
  },
  {
    deviceType: "tablet",
    browser: "Chrome",
    browserVersions: ["127.0.6533.64"],
    os: "Android",
    osVersions: ["13"],
    weight: 1,
  },
  { deviceType: "", browser: "", browserVersions: [""], os: "", osVersions: [""], weight: 2 },
];

/** Bot reason as the enrichment names it, the user agent, weight. */
export const BOTS: ReadonlyArray<readonly [string, string, number]> = [
  ["user-agent:googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 25],
  ["user-agent:slackbot-linkexpanding", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", 20],
  [
    "user-agent:facebookexternalhit",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    15,
  ],
  ["user-agent:twitterbot", "Twitterbot/1.0", 12],
  ["user-agent:bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", 10],
  ["user-agent:curl", "curl/8.5.0", 8],
  ["user-agent:python-requests", "python-requests/2.32.3", 5],
  ["empty-user-agent", "", 5],
];

export const REFERRER_CATEGORIES: ReadonlyArray<readonly [string, number]> = [
  ["direct", 40],
  ["social", 20],
  ["referral", 18],
  ["search", 15],
  ["email", 5],
  ["internal", 2],
];

export const REFERRER_HOSTS: Record<string, readonly string[]> = {
  social: [
    "t.co",
    "facebook.com",
    "linkedin.com",
    "reddit.com",
    "instagram.com",
    "youtube.com",
    "news.ycombinator.com",
  ],
  search: ["google.com", "bing.com", "duckduckgo.com", "google.de", "yandex.ru"],
  email: ["mail.google.com", "outlook.live.com", "mail.yahoo.com"],
  referral: Array.from({ length: 40 }, (_, i) => `blog${i + 1}.example.${i % 3 === 0 ? "org" : "com"}`),
};

export const UTM_SOURCES = [
  "newsletter",
  "twitter",
  "facebook",
  "google",
  "linkedin",
  "partner-site",
] as const;
export const UTM_MEDIUMS = ["email", "social", "cpc", "organic", "referral"] as const;
export const UTM_CAMPAIGNS = [
  "spring-sale",
  "launch-2026",
  "black-friday",
  "webinar",
  "retargeting",
  "brand",
] as const;
export const UTM_TERMS = ["running shoes", "link shortener", "qr codes", "analytics"] as const;
export const UTM_CONTENTS = ["hero", "footer", "sidebar", "v2"] as const;

/** Event name, weight, whether it carries a value. */
export const CONVERSION_EVENTS: ReadonlyArray<readonly [string, number, "always" | "never" | "sometimes"]> = [
  ["purchase", 50, "always"],
  ["signup", 35, "never"],
  ["lead", 15, "sometimes"],
];
export const CURRENCIES: ReadonlyArray<readonly [string, number]> = [
  ["USD", 70],
  ["EUR", 20],
  ["GBP", 10],
];
