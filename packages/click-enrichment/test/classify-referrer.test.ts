import { describe, expect, it } from "vitest";
import { classifyReferrer } from "../src/classify-referrer";

describe("referrer classification", () => {
  it.each([
    ["", "", "direct"],
    ["https://www.google.co.uk/search?q=x", "google.co.uk", "search"],
    ["https://duckduckgo.com/", "duckduckgo.com", "search"],
    ["https://t.co/abc", "t.co", "social"],
    ["https://l.facebook.com/l.php?u=x", "l.facebook.com", "social"],
    ["https://mail.google.com/mail/u/0/", "mail.google.com", "email"],
    ["android-app://com.google.android.gm/", "com.google.android.gm", "email"],
    ["https://kurz.test/other", "kurz.test", "internal"],
    ["https://blog.example.org/post", "blog.example.org", "referral"],
    ["not a url", "", "direct"],
    ["javascript:alert(1)", "", "direct"],
  ])("classifies %j as %s / %s", (referrer, host, category) => {
    expect(classifyReferrer(referrer, "kurz.test")).toEqual({ host, category });
  });
});
