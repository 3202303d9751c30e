/**
 * Time as a service sees it. Rate windows and caches read it, so tests can move it forward and
 * cross their boundaries instead of sleeping (auth-server's own Clock has the same shape).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
