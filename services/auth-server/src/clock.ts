// Time as the service sees it (code expiry, throttling, key reloads): the one Clock of Kurz.
export { type Clock, systemClock } from "@kurz/clock";
