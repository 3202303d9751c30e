export { type Clock, cacheTimer, systemClock } from "./clock";
export { TestClock } from "./test-clock";
export { type RepeatingTimer, systemTimer } from "./repeating-timer";
