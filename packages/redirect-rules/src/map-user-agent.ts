import type { UserAgentInfo } from "@kurz/click-enrichment";
import type { Browser, Device, OperatingSystem } from "./vocabulary";

export interface UserAgentClasses {
  /** null for consoles, TVs, wearables, bots and unrecognised agents: no device condition holds. */
  device: Device | null;
  /** null for operating systems outside the vocabulary: no os condition holds. */
  os: OperatingSystem | null;
  /** Never null: a browser outside the named ones (or none recognised) is "other". */
  browser: Browser;
}

// Maps, not object literals: a user agent naming "constructor" must not find Object's prototype.
function entries<T>(record: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(record));
}

const DEVICE_BY_TYPE: ReadonlyMap<string, Device> = entries({
  mobile: "mobile",
  tablet: "tablet",
  desktop: "desktop",
});

// ua-parser-js v1 names (lower-cased). Linux distributions report their own name.
const OS_BY_NAME: ReadonlyMap<string, OperatingSystem> = entries({
  ios: "ios",
  ipados: "ios",
  android: "android",
  windows: "windows",
  "mac os": "macos",
  macos: "macos",
  linux: "linux",
  ubuntu: "linux",
  debian: "linux",
  fedora: "linux",
  "arch linux": "linux",
  "linux mint": "linux",
  gentoo: "linux",
  centos: "linux",
  "red hat": "linux",
  suse: "linux",
  mandriva: "linux",
  slackware: "linux",
  "chromium os": "chromeos",
  "chrome os": "chromeos",
});

const BROWSER_BY_NAME: ReadonlyMap<string, Browser> = entries({
  chrome: "chrome",
  "mobile chrome": "chrome",
  "chrome webview": "chrome",
  chromium: "chrome",
  safari: "safari",
  "mobile safari": "safari",
  firefox: "firefox",
  "mobile firefox": "firefox",
  edge: "edge",
  "samsung internet": "samsung",
  "samsung browser": "samsung",
  opera: "opera",
  "opera mobi": "opera",
  "opera touch": "opera",
  "opera gx": "opera",
});

// The classifier hands out one object per user agent (its cache), so the mapping is kept beside
// it: a visit then allocates neither the classes nor lower-cased names.
const mapped = new WeakMap<UserAgentInfo, UserAgentClasses>();

/**
 * Maps the classes @kurz/click-enrichment reads from a user agent (ua-parser-js names) to the
 * rule vocabulary. Bots keep their os/browser but have no device class.
 */
export function mapUserAgent(info: UserAgentInfo): UserAgentClasses {
  let classes = mapped.get(info);
  if (classes === undefined) {
    classes = {
      device: DEVICE_BY_TYPE.get(info.deviceType) ?? null,
      os: OS_BY_NAME.get(info.os.toLowerCase()) ?? null,
      browser: BROWSER_BY_NAME.get(info.browser.toLowerCase()) ?? "other",
    };
    mapped.set(info, classes);
  }
  return classes;
}
