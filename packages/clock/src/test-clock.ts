import type { Clock } from "./clock";

export interface TestClockOptions {
  /**
   * Time stands still between advances: a boundary the test crosses by a margin (a TTL's last
   * second) cannot be crossed early by a slow moment of a loaded machine. For tests of one piece
   * of code; a running service's timers and I/O want real time (the default).
   */
  frozen?: boolean;
  /** Where its wall time starts (a date a test's data is laid out around); now by default. */
  at?: Date;
}

/**
 * Real time plus an offset a test moves forward: the code under test keeps running in real
 * time (timers, I/O) while every boundary it reads from the clock can be crossed at once. A
 * frozen one moves only when advanced.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  /** A wall-clock step's size (stepWall): wall time only, as an NTP step moves it. */
  private wallStepMs = 0;
  /** Wall time's distance from the start it was given (`at`); the monotonic scale has none. */
  private readonly wallShiftMs: number;
  private readonly frozenAt: { wallMs: number; monotonicMs: number } | undefined;

  constructor(options: TestClockOptions = {}) {
    const wallMs = Date.now();
    this.wallShiftMs = options.at ? options.at.getTime() - wallMs : 0;
    // Whole milliseconds: (t + ttl) - ttl is t again only for integers (performance.now() has a
    // fraction), so a frozen clock crosses a boundary exactly where the test says.
    this.frozenAt = options.frozen ? { wallMs, monotonicMs: Math.floor(performance.now()) } : undefined;
  }

  now(): Date {
    return new Date(
      (this.frozenAt?.wallMs ?? Date.now()) + this.wallShiftMs + this.offsetMs + this.wallStepMs,
    );
  }

  monotonicMs(): number {
    return (this.frozenAt?.monotonicMs ?? performance.now()) + this.offsetMs;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError("a clock only moves forward");
    this.offsetMs += ms;
  }

  /**
   * Steps the wall clock alone, as NTP does when a host's clock was far off: `now()` jumps (either
   * way), the monotonic scale — every duration, every cache TTL — does not move.
   */
  stepWall(ms: number): void {
    this.wallStepMs += ms;
  }
}
