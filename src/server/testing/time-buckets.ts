import type { DayBuckets } from '@/domain/time'

const DAY_SECONDS = 86_400

const gcd = (a: number, b: number): number => {
  let x = Math.abs(a)
  let y = Math.abs(b)
  while (y !== 0) [x, y] = [y, x % y]
  return x
}

/**
 * The width in seconds of the time buckets the database groups steps by, for local days `days`
 * and the step range `[from, to)` in Unix seconds: the greatest common divisor of one day and
 * every local midnight strictly inside the range. Every midnight is then a multiple of the width,
 * so no bucket `[k·w, (k+1)·w)` holds two local days and the day of a bucket's first second in
 * range is the day of every step in it — exact in every zone, with no zone tables in the
 * database. UTC gives one bucket per day, Asia/Kolkata half hours, Pacific/Chatham quarter hours,
 * Africa/Monrovia before 1972 half minutes. Without a midnight inside the range: one day.
 */
export function timeBuckets(days: DayBuckets, from: number, to: number): number {
  let width = DAY_SECONDS
  for (const boundMs of days.bounds) {
    // A step at second s is at or after a midnight at b ms exactly when s ≥ ceil(b / 1000).
    const bound = Math.ceil(boundMs / 1000)
    if (bound > from && bound < to) width = gcd(width, bound)
  }
  return Math.max(1, width)
}
