export { type Clock, cacheTimer, systemClock } from "./clock";
export { TestClock } from "./test-clock";
