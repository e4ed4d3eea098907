/**
 * Seeded randomness for the simulator. Generated data must be byte-identical for the same seed, so nothing
 * here (or in the generator) may touch Math.random or the wall clock.
 */

/** 32-bit integer mix (murmur3 finaliser): spreads nearby inputs over the whole range. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash several integers into one 32-bit seed; used to derive per-cell randomness without state. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    // Split large (> 32-bit) integers so ids above 2^32 still influence the hash.
    const hi = Math.floor(p / 0x100000000);
    h = mix32(h ^ mix32((p >>> 0) + 0x7f4a7c15));
    if (hi !== 0) h = mix32(h ^ mix32(hi + 0x165667b1));
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for test data. Returns floats in [0, 1). */
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

/** mulberry32 with its state in a field: no closure per instance (hot in lazy value derivation). */
export class Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  private f(): number {
    return this.next();
  }
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.f() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.f() < p;
  }
  pick<T>(arr: readonly T[]): T {
    if (arr.length === 0) throw new Error('pick from empty array');
    return arr[Math.floor(this.f() * arr.length)] as T;
  }
  /** k distinct items (or all when k >= length), order of first selection. */
  sample<T>(arr: readonly T[], k: number): T[] {
    if (k >= arr.length) return arr.slice();
    const out: T[] = [];
    const seen = new Set<number>();
    while (out.length < k) {
      const i = Math.floor(this.f() * arr.length);
      if (seen.has(i)) continue;
      seen.add(i);
      out.push(arr[i] as T);
    }
    return out;
  }
  /** A version-4-shaped UUID built from the stream (deterministic). */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 32; i++) hex.push(Math.floor(this.f() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
