import type { TakeOptions } from "./cache-ports";

/**
 * Argument checks shared by both adapters so they reject the same misuse. These are programming
 * errors, not user input: they throw RangeError, which surfaces as INTERNAL.
 */
export function checkTtl(ttlMs: number): void {
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs))
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
}

export function checkIncrement(by: number, ttlMs: number): void {
  if (!Number.isSafeInteger(by)) throw new RangeError(`by must be a safe integer, got ${by}`);
  checkTtl(ttlMs);
}

export function checkTakeOptions(options: TakeOptions): number {
  const cost = options.cost ?? 1;
  if (!(options.capacity > 0) || !Number.isFinite(options.capacity)) {
    throw new RangeError(`capacity must be a positive number, got ${options.capacity}`);
  }
  if (!(options.refillPerSecond > 0) || !Number.isFinite(options.refillPerSecond)) {
    throw new RangeError(`refillPerSecond must be a positive number, got ${options.refillPerSecond}`);
  }
  // A cost above capacity could never be admitted; callers would wait forever.
  if (!(cost > 0) || cost > options.capacity) {
    throw new RangeError(`cost must be in (0, capacity], got ${cost}`);
  }
  return cost;
}
