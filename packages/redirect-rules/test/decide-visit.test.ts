import { describe, expect, it } from "vitest";
import { decideVisit, isLinkPreviewCrawler, LINK_PREVIEW_CRAWLERS, type LinkDecisionInputs } from "../src";
import { compile, userAgents, visit } from "./support/visit";

const rules = compile([
  {
    id: "german",
    name: "German speakers",
    destination_url: "https://example.com/de",
    conditions: [{ type: "language", values: ["de"] }],
  },
  {
    id: "newsletter",
    destination_url: "https://example.com/news",
    conditions: [{ type: "query_param", name: "utm_source", value: "newsletter" }],
  },
]);

const link: LinkDecisionInputs = {
  destinationUrl: "https://example.com/",
  rules,
  iosUrl: "https://apps.apple.com/app/id1",
  androidUrl: "https://play.google.com/store/apps/details?id=x",
  hasCard: true,
};
const browser = (fields: Parameters<typeof visit>[0] = {}) => ({ visitor: visit(fields), crawler: false });

describe("deciding a visit", () => {
  it("sends iOS and Android visitors to their app links before any rule", () => {
    expect(decideVisit(link, browser({ userAgent: userAgents.iphone, acceptLanguage: "de" }))).toEqual({
      matched: "deep_link",
      destinationUrl: link.iosUrl,
      rule: null,
      abTest: undefined,
    });
    expect(decideVisit(link, browser({ userAgent: userAgents.samsung })).destinationUrl).toBe(
      link.androidUrl,
    );
    // An Android visitor on a link with only an iOS app link goes on to the rules.
    expect(
      decideVisit(
        { ...link, androidUrl: "" },
        browser({ userAgent: userAgents.samsung, acceptLanguage: "de" }),
      ),
    ).toMatchObject({ matched: "rule", rule: { id: "german", name: "German speakers", index: 0 } });
  });

  it("takes the first matching rule, then the A/B split, then the link's URL", () => {
    const both = browser({ acceptLanguage: "de-AT", query: "utm_source=newsletter" });
    expect(decideVisit(link, both)).toMatchObject({
      matched: "rule",
      destinationUrl: "https://example.com/de",
    });
    let asked = 0;
    const split = {
      ...link,
      abTest: () => {
        asked++;
        return { destinationUrl: "https://example.com/b", variantId: "b" };
      },
    };
    expect(decideVisit(split, both).matched).toBe("rule");
    expect(asked).toBe(0);
    expect(decideVisit(split, browser())).toEqual({
      matched: "ab_test",
      destinationUrl: "https://example.com/b",
      rule: null,
      abTest: { destinationUrl: "https://example.com/b", variantId: "b" },
    });
    expect(asked).toBe(1);
    // A precomputed choice (the simulator's) decides the same way.
    expect(
      decideVisit({ ...link, abTest: { destinationUrl: "https://example.com/a" } }, browser()).destinationUrl,
    ).toBe("https://example.com/a");
    expect(decideVisit(link, browser())).toMatchObject({
      matched: "default",
      destinationUrl: "https://example.com/",
    });
  });

  it("answers a crawler with the card, refreshing to where the chain would send it", () => {
    const crawler = { visitor: visit({ userAgent: "Twitterbot/1.0", acceptLanguage: "de" }), crawler: true };
    expect(decideVisit(link, crawler)).toEqual({
      matched: "preview",
      destinationUrl: "https://example.com/de",
      rule: { id: "german", name: "German speakers", index: 0 },
      abTest: undefined,
    });
    // Without a card a crawler is redirected like anyone.
    expect(decideVisit({ ...link, hasCard: false }, crawler).matched).toBe("rule");
  });

  it("explains every step it tried", () => {
    const explained = decideVisit(
      { ...link, abTest: { destinationUrl: "https://example.com/b" } },
      browser({ acceptLanguage: "fr-FR, en;q=0.8" }),
      { explain: true },
    );
    expect(explained.lines).toEqual([
      "preview card: link-preview crawler — no",
      "deep link ios: os ios — no (visitor: windows)",
      "deep link android: os android — no (visitor: windows)",
      "rule 1 'German speakers': language de — no (visitor: fr-FR, en;q=0.8)",
      "rule 2: query_param utm_source=newsletter — no (visitor: absent)",
      "no rule matched",
      "a/b test → https://example.com/b",
    ]);
    const crawler = decideVisit(
      { ...link, iosUrl: "", androidUrl: "" },
      {
        visitor: visit({ userAgent: "Slackbot-LinkExpanding 1.0", query: "utm_source=newsletter" }),
        crawler: true,
      },
      { explain: true },
    );
    expect(crawler.lines).toEqual([
      "preview card: link-preview crawler — yes",
      "rule 1 'German speakers': language de — no (visitor: none)",
      "rule 2: query_param utm_source=newsletter — yes (visitor: utm_source=newsletter)",
      "→ https://example.com/news",
      "preview card, refreshing to https://example.com/news",
    ]);
    const plain = decideVisit(
      {
        destinationUrl: "https://example.com/",
        rules: compile([]),
        iosUrl: "",
        androidUrl: "",
        hasCard: false,
      },
      browser(),
      { explain: true },
    );
    expect(plain).toMatchObject({ matched: "default", lines: ["the link's URL → https://example.com/"] });
    expect(
      decideVisit(link, browser({ userAgent: userAgents.iphone }), { explain: true }).lines?.slice(1),
    ).toEqual([
      "deep link ios: os ios — yes (visitor: ios)",
      `→ ${link.iosUrl}`,
      "deep link android: os android — no (visitor: ios)",
    ]);
  });
});

describe("link-preview crawlers", () => {
  it("recognises every listed crawler by its example User-Agent", () => {
    for (const crawler of LINK_PREVIEW_CRAWLERS) {
      expect(isLinkPreviewCrawler(crawler.example), crawler.example).toBe(true);
    }
    expect(isLinkPreviewCrawler("facebookexternalhit/1.1 Facebot Twitterbot/1.0")).toBe(true);
  });

  it("leaves browsers, in-app browsers and search crawlers alone", () => {
    for (const ua of [
      ...Object.values(userAgents),
      "",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Pinterest for Android/12.0",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    ]) {
      expect(isLinkPreviewCrawler(ua), ua).toBe(false);
    }
  });
});
