// Real time plus an offset the test moves forward (code expiry, token lifetimes, key reloads).
export { TestClock } from "@kurz/clock";
