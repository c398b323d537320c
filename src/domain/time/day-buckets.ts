import { addDays, eachDay, epochDayOf, type IsoDay } from './iso-day'
import { startOfDayMs } from './day-start'
import { offsetMs } from './offset'

const DAY = 86_400_000

/**
 * The calendar days of a range in one zone with their boundaries precomputed, so that an
 * instant finds its day by binary search — no Intl call per instant. Plain data (it can cross a
 * Web Worker): `bounds[i]` is the first instant of `days[i]`, `bounds[days.length]` the range's end.
 */
export interface DayBuckets {
  zone: string
  days: IsoDay[]
  bounds: number[]
  startMs: number
  endMs: number
}

/**
 * The day buckets of `from`..`to` (inclusive) in `zone`. Empty (no days, `startMs = endMs = 0`)
 * when `to` is before `from` or a bound is invalid. A day the zone skipped has an empty bucket.
 */
export function createDayBuckets(from: IsoDay, to: IsoDay, zone: string): DayBuckets {
  const days = eachDay(from, to)
  const first = startOfDayMs(from, zone)
  if (days.length === 0 || Number.isNaN(first)) {
    return { zone, days: [], bounds: [0], startMs: 0, endMs: 0 }
  }
  const bounds = [first]
  let previous = first
  let previousOffset = offsetMs(zone, first)
  for (const day of days) {
    // Most days are 24 h: the same offset at both ends and the guess lands on local midnight.
    const guess = previous + DAY
    const guessOffset = offsetMs(zone, guess)
    const nextMidnight = (epochDayOf(day) + 1) * DAY
    const exact = guessOffset === previousOffset && guess + guessOffset === nextMidnight
    const next = exact ? guess : startOfDayMs(addDays(day, 1), zone)
    bounds.push(next)
    previous = next
    previousOffset = next === guess ? guessOffset : offsetMs(zone, next)
  }
  return { zone, days, bounds, startMs: first, endMs: previous }
}

/** The index in `buckets.days` of the day holding `instantMs`; -1 outside the range or for NaN. */
export function bucketIndex(buckets: DayBuckets, instantMs: number): number {
  if (!(instantMs >= buckets.startMs && instantMs < buckets.endMs)) return -1
  const bounds = buckets.bounds
  const last = bounds.length - 2
  if (last < 1) return 0
  // The one index with bounds[i] <= instant < bounds[i + 1] (skipped days have equal bounds and
  // hold nothing). Days are 23 to 25 hours, so the 24-hour guess is at most a step or two off.
  let i = Math.floor((instantMs - (bounds[0] ?? 0)) / DAY)
  if (!(i >= 0)) i = 0
  else if (i > last) i = last
  while (i > 0 && (bounds[i] ?? 0) > instantMs) i--
  while (i < last && (bounds[i + 1] ?? Infinity) <= instantMs) i++
  return i
}

/** The day holding `instantMs` within the buckets, or null outside the range. */
export function bucketDay(buckets: DayBuckets, instantMs: number): IsoDay | null {
  return buckets.days[bucketIndex(buckets, instantMs)] ?? null
}
