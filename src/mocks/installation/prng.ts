/** A uniform float in [0, 1). */
export type Rng = () => number

/** mulberry32: a tiny seedable PRNG; the same seed always yields the same sequence. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Murmur3's 32-bit finaliser: a bijection on uint32 (distinct inputs give distinct outputs). */
export function fmix32(x: number): number {
  let h = x >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * The seed of one independent stream, e.g. run `index` of stream `stream` under the installation
 * seed. For a fixed seed and stream it is a bijection of `index`, so no two runs share a seed.
 */
export function subSeed(seed: number, stream: number, index = 0): number {
  const base = fmix32((seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0)
  return fmix32((base + index) >>> 0)
}

/** A uniform integer in [min, max] (both inclusive); `min` when max < min. */
export function intBetween(rng: Rng, min: number, max: number): number {
  if (max <= min) return min
  return min + Math.floor(rng() * (max - min + 1))
}

/** A uniform float in [min, max). */
export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min)
}

/** True with probability `p` (always draws once, so streams stay aligned). */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p
}

/** A log-normally spread value around `median`, clamped to [min, max]. */
export function spread(rng: Rng, median: number, sigma: number, min: number, max: number): number {
  const u = 1 - rng()
  const v = rng()
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  return Math.min(max, Math.max(min, median * Math.exp(sigma * z)))
}

/** One entry by weight; throws on an empty list (a programming error, not data). */
export function pickWeighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  let total = 0
  for (const [, weight] of entries) total += weight
  let r = rng() * total
  for (const [value, weight] of entries) {
    r -= weight
    if (r < 0) return value
  }
  const last = entries[entries.length - 1]
  if (last === undefined) throw new Error('pickWeighted: no entries')
  return last[0]
}

/** One item uniformly; throws on an empty list. */
export function pickOne<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)]
  if (item === undefined) throw new Error('pickOne: no items')
  return item
}

/** Entries with precomputed cumulative weights, for picks in hot loops. */
export interface WeightedTable<T> {
  readonly values: readonly T[]
  readonly cumulative: Float64Array
}

/** Prepares a table for {@link pickFrom}; throws on an empty list. */
export function weightedTable<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  if (entries.length === 0) throw new Error('weightedTable: no entries')
  const cumulative = new Float64Array(entries.length)
  let total = 0
  entries.forEach(([, weight], i) => {
    total += weight
    cumulative[i] = total
  })
  return { values: entries.map(([value]) => value), cumulative }
}

/** One entry by weight (the same pick as {@link pickWeighted} for the same draw). */
export function pickFrom<T>(rng: Rng, table: WeightedTable<T>): T {
  const { values, cumulative } = table
  const r = rng() * (cumulative[cumulative.length - 1] ?? 0)
  let i = 0
  while (i < cumulative.length - 1 && r >= (cumulative[i] ?? 0)) i += 1
  const value = values[i]
  if (value === undefined) throw new Error('pickFrom: empty table')
  return value
}
