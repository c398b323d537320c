/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054

/** A proportion's confidence interval, both bounds within [0, 1]. */
export interface Interval {
  low: number
  high: number
}

/**
 * The Wilson score interval (95 % by default) for `successes` out of `n` trials. Null when
 * `n` is 0 (no calls, no rate) or when the counts are not finite, non-negative and
 * `successes ≤ n`.
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): Interval | null {
  if (!(n > 0) || !Number.isFinite(n) || !(successes >= 0) || successes > n) return null
  const p = successes / n
  const z2 = z * z
  const denominator = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator
  // Clamp the rounding error at the edges (p = 0 gives low = -1e-17 otherwise).
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}
