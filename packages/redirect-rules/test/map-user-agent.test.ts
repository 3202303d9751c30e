import type { UserAgentInfo } from "@kurz/click-enrichment";
import { describe, expect, it } from "vitest";
import { mapUserAgent } from "../src";

const info = (deviceType: string, os: string, browser: string): UserAgentInfo => ({
  bot: false,
  botReason: "",
  deviceType,
  browser,
  browserVersion: "",
  os,
  osVersion: "",
});

describe("mapping user agent classes to the rule vocabulary", () => {
  it("maps ua-parser-js names case-insensitively", () => {
    expect(mapUserAgent(info("mobile", "iOS", "Mobile Safari"))).toEqual({
      device: "mobile",
      os: "ios",
      browser: "safari",
    });
    expect(mapUserAgent(info("desktop", "Mac OS", "Edge"))).toEqual({
      device: "desktop",
      os: "macos",
      browser: "edge",
    });
    expect(mapUserAgent(info("tablet", "Android", "Samsung Internet"))).toEqual({
      device: "tablet",
      os: "android",
      browser: "samsung",
    });
  });

  it("counts Linux distributions as linux and Chromium OS as chromeos", () => {
    expect(mapUserAgent(info("desktop", "Ubuntu", "Firefox")).os).toBe("linux");
    expect(mapUserAgent(info("desktop", "Fedora", "Firefox")).os).toBe("linux");
    expect(mapUserAgent(info("desktop", "Chromium OS", "Chrome")).os).toBe("chromeos");
  });

  it("leaves devices and systems outside the vocabulary unclassified and other browsers 'other'", () => {
    expect(mapUserAgent(info("smarttv", "Tizen", "Samsung TV Browser"))).toEqual({
      device: null,
      os: null,
      browser: "other",
    });
    expect(mapUserAgent(info("bot", "", ""))).toEqual({ device: null, os: null, browser: "other" });
  });

  it("does not mistake a name such as 'constructor' for a known class", () => {
    expect(mapUserAgent(info("constructor", "toString", "__proto__"))).toEqual({
      device: null,
      os: null,
      browser: "other",
    });
  });
});
