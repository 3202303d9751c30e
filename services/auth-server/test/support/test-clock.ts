import type { Clock } from "../../src/clock";

/** Real time plus an offset the test moves forward (code expiry, token lifetimes). */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
