/**
 * A small seeded PRNG (sfc32) and the draws the click generator needs. Deterministic for a seed,
 * so a dataset is the same on every machine and the exactness test can recompute every report.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 spreads a small seed over the four words of state.
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4_294_967_296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** A random (version 4 shaped) UUID. */
  uuid(): string {
    const w = [this.uint32(), this.uint32(), this.uint32(), this.uint32()];
    const hex = w.map((x) => x.toString(16).padStart(8, "0")).join("");
    const version = `4${hex.slice(13, 16)}`;
    const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
  }
}

/** Draws indexes in proportion to fixed weights (binary search over the cumulative sums). */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length) throw new Error("weights and items differ");
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, i) => {
      sum += weight;
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  pick(random: SeededRandom): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return this.items[low] as T;
  }
}

/** Zipf weights 1/rank^s for ranks 1..n. */
export function zipfWeights(n: number, s = 1): number[] {
  return Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
}

/** Picks from `[value, weight]` pairs. */
export function weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): WeightedPicker<T> {
  return new WeightedPicker(
    pairs.map(([value]) => value),
    pairs.map(([, weight]) => weight),
  );
}

/**
 * A 48-bit visitor hash (as the service's: 48 bits, one per visitor and UTC day) from integers,
 * without crypto: two rounds of a 32-bit mixer.
 */
export function visitorHash(seed: number, account: number, person: number, day: number): number {
  const mix = (x: number) => {
    let z = x >>> 0;
    z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
    z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const high = mix(seed ^ mix(account * 0x9e3779b1 + mix(person ^ mix(day))));
  const low = mix(high ^ mix(person * 0x85ebca6b + day * 0xc2b2ae35 + account));
  return (high & 0xffff) * 4_294_967_296 + low;
}
