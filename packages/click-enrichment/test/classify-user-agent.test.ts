import { describe, expect, it } from "vitest";
import { createUserAgentClassifier } from "../src/classify-user-agent";

describe("user agents", () => {
  const classify = createUserAgentClassifier();

  it("tells devices, browsers and systems apart", () => {
    expect(
      classify(
        "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toMatchObject({ bot: false, deviceType: "tablet", browser: "Mobile Safari", os: "iOS" });
    expect(
      classify(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      ),
    ).toMatchObject({ bot: false, deviceType: "mobile", browser: "Chrome", os: "Android", osVersion: "14" });
    expect(classify("Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0")).toMatchObject({
      deviceType: "desktop",
      browser: "Firefox",
      os: "Linux",
    });
  });

  it("flags link-preview fetchers, crawlers and empty user agents as bots with a reason", () => {
    expect(
      classify("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
    ).toMatchObject({
      bot: true,
      deviceType: "bot",
      botReason: "user-agent:facebookexternalhit",
    });
    expect(
      classify("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)").botReason,
    ).toBe("user-agent:googlebot");
    expect(classify("curl/8.5.0")).toMatchObject({ bot: true, botReason: "user-agent:curl" });
    expect(classify("")).toMatchObject({ bot: true, botReason: "empty-user-agent" });
  });
});
