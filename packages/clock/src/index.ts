export { type Clock, cacheTimer, systemClock } from "./clock";
export { type RepeatingTimer, systemTimer } from "./repeating-timer";
export { TestClock, type TestClockOptions } from "./test-clock";
