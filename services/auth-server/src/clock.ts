/** Time as the service sees it. Tests inject one they can move forward (code expiry, throttling). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
