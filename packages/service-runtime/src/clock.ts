// The one Clock of Kurz, re-exported so services take it from their runtime.
export { type Clock, systemClock } from "@kurz/clock";
