/** mulberry32: a tiny fixed-seed PRNG, so the seed writes the same data on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Convenience draws over one PRNG stream. */
export class Rng {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }
  /** [0, 1). */
  float(): number {
    return this.#next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }
  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + this.#next() * (max - min);
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
  pick<T>(list: readonly T[]): T {
    const value = list[Math.floor(this.#next() * list.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  }
}

/** Round to cents. */
export const cents = (value: number): number => Math.round(value * 100) / 100;
