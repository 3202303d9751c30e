/** The closed vocabularies of the device, os and browser conditions. */
export const DEVICES = ["mobile", "tablet", "desktop"] as const;
export const OPERATING_SYSTEMS = ["ios", "android", "windows", "macos", "linux", "chromeos"] as const;
export const BROWSERS = ["chrome", "safari", "firefox", "edge", "samsung", "opera", "other"] as const;

export type Device = (typeof DEVICES)[number];
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];
export type Browser = (typeof BROWSERS)[number];
