/** Visitors the simulator fills in with one click: real agents of the devices and crawlers people test with. */
export interface VisitorPreset {
  id: string;
  label: string;
  userAgent: string;
  acceptLanguage: string;
}

export const VISITOR_PRESETS: readonly VisitorPreset[] = [
  {
    id: "iphone-safari",
    label: "iPhone Safari",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    acceptLanguage: "en-US,en;q=0.9",
  },
  {
    id: "android-chrome",
    label: "Android Chrome",
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    acceptLanguage: "en-US,en;q=0.9",
  },
  {
    id: "windows-chrome",
    label: "Windows Chrome",
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    acceptLanguage: "en-US,en;q=0.9",
  },
  {
    id: "slackbot",
    label: "Slackbot",
    userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    acceptLanguage: "",
  },
];
