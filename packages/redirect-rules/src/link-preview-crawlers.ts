/**
 * User agents of link-preview crawlers: the fetchers that chat apps, social networks and
 * embedding services send when someone pastes a link, to build its card. A link with a card
 * (og_* fields) answers them its own Open Graph page instead of redirecting. Search engine
 * crawlers (Googlebot, Bingbot) are not here: for them a short link stays a redirect.
 * Each token is matched case-insensitively anywhere in the User-Agent.
 */
export const LINK_PREVIEW_CRAWLERS: readonly { token: string; sender: string; example: string }[] = [
  {
    token: "facebookexternalhit",
    sender: "Facebook, Messenger, Instagram; Apple iMessage sends it combined with Facebot and Twitterbot",
    example: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  },
  { token: "Facebot", sender: "Facebook", example: "Facebot" },
  { token: "Twitterbot", sender: "X (Twitter)", example: "Twitterbot/1.0" },
  {
    token: "LinkedInBot",
    sender: "LinkedIn",
    example: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  },
  {
    token: "Slackbot",
    sender: "Slack (Slackbot-LinkExpanding and Slackbot)",
    example: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  },
  {
    token: "Discordbot",
    sender: "Discord",
    example: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  },
  { token: "WhatsApp/", sender: "WhatsApp", example: "WhatsApp/2.23.20.0 A" },
  { token: "TelegramBot", sender: "Telegram", example: "TelegramBot (like TwitterBot)" },
  {
    token: "Applebot",
    sender: "Apple (Siri, Spotlight, Safari suggestions)",
    example:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  },
  {
    token: "SkypeUriPreview",
    sender: "Skype, Microsoft Teams",
    example: "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
  },
  {
    token: "MicrosoftPreview",
    sender: "Microsoft (Outlook, Teams, Bing link previews)",
    example:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.134 Safari/537.36 Edg/103.0.1264.71 MicrosoftPreview/2.0 +https://aka.ms/MicrosoftPreview",
  },
  {
    token: "BingPreview",
    sender: "Bing (older preview agent)",
    example: "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b",
  },
  {
    token: "Pinterestbot",
    sender: "Pinterest",
    example: "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
  },
  {
    token: "Pinterest/0.",
    sender: "Pinterest (older agent)",
    example: "Pinterest/0.2 (+http://www.pinterest.com/)",
  },
  {
    token: "redditbot",
    sender: "Reddit",
    example: "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)",
  },
  {
    token: "Embedly",
    sender: "Embedly (Medium and others)",
    example: "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)",
  },
  { token: "Iframely", sender: "Iframely", example: "Iframely/1.3.1 (+https://iframely.com/docs/about)" },
  {
    token: "Google-PageRenderer",
    sender: "Google (link previews in Google's apps)",
    example:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/)) Chrome/56.0.2924.87 Safari/537.36",
  },
  {
    token: "Google-InspectionTool",
    sender: "Google Search Console's URL inspection and Rich Results Test",
    example: "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)",
  },
  {
    token: "Mastodon/",
    sender: "Mastodon servers",
    example: "http.rb/5.1.1 (Mastodon/4.2.0; +https://mastodon.social/)",
  },
  {
    token: "Cardyb",
    sender: "Bluesky",
    example: "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)",
  },
  { token: "vkShare", sender: "VK", example: "Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)" },
  {
    token: "Viber",
    sender: "Viber",
    example: "Mozilla/5.0 (compatible; Viber/20.3.0.2; +https://www.viber.com)",
  },
  {
    token: "Snap URL Preview",
    sender: "Snapchat",
    example:
      "Mozilla/5.0 (compatible; Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots)",
  },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

// One alternation compiled once: a test costs one scan of the User-Agent, and only links with a
// card ask.
const CRAWLER_PATTERN = new RegExp(LINK_PREVIEW_CRAWLERS.map((c) => escapeRegExp(c.token)).join("|"), "i");

/** The User-Agent is a link-preview crawler's (see LINK_PREVIEW_CRAWLERS). */
export function isLinkPreviewCrawler(userAgent: string): boolean {
  return userAgent !== "" && CRAWLER_PATTERN.test(userAgent);
}
