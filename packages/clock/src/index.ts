export { type Clock, cacheTimer, systemClock } from "./clock";
export { type RepeatingTimer, systemTimer } from "./repeating-timer";
export { TestClock } from "./test-clock";
