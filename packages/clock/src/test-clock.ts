import type { Clock } from "./clock";

export interface TestClockOptions {
  /**
   * Time stands still between advances: a boundary the test crosses by a margin (a TTL's last
   * second) cannot be crossed early by a slow moment of a loaded machine. For tests of one piece
   * of code; a running service's timers and I/O want real time (the default).
   */
  frozen?: boolean;
}

/**
 * Real time plus an offset a test moves forward: the code under test keeps running in real
 * time (timers, I/O) while every boundary it reads from the clock can be crossed at once. A
 * frozen one moves only when advanced.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private readonly frozenAt: { wallMs: number; monotonicMs: number } | undefined;

  constructor(options: TestClockOptions = {}) {
    this.frozenAt = options.frozen ? { wallMs: Date.now(), monotonicMs: performance.now() } : undefined;
  }

  now(): Date {
    return new Date((this.frozenAt?.wallMs ?? Date.now()) + this.offsetMs);
  }

  monotonicMs(): number {
    return (this.frozenAt?.monotonicMs ?? performance.now()) + this.offsetMs;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError("a clock only moves forward");
    this.offsetMs += ms;
  }
}
