import type { Clock } from "./clock";

/**
 * Real time plus an offset a test moves forward: the code under test keeps running in real
 * time (timers, I/O) while every boundary it reads from the clock can be crossed at once.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  monotonicMs(): number {
    return performance.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError("a clock only moves forward");
    this.offsetMs += ms;
  }
}
