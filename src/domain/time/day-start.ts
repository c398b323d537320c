import { TZDate } from '@date-fns/tz'
import { parseIsoDay, type IsoDay } from './iso-day'
import { offsetMs } from './offset'

const HOUR = 3_600_000
const STEP = 15 * 60_000

/**
 * The first instant (epoch ms) whose calendar day in `zone` is `day` or later — local midnight on
 * ordinary and DST days, the jump's end where midnight itself is skipped (Asia/Beirut), the same
 * instant as the next day for a day the zone skipped entirely. NaN for an invalid day or zone.
 */
export function startOfDayMs(day: IsoDay, zone: string): number {
  const parts = parseIsoDay(day)
  if (parts === null) return Number.NaN
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day)
  const candidate = +new TZDate(parts.year, parts.month - 1, parts.day, zone)
  if (Number.isNaN(candidate)) return Number.NaN
  const offset = offsetMs(zone, candidate)
  // The library's answer is exact unless a transition sits at (or just before) midnight.
  if (candidate + offset === wall && offsetMs(zone, candidate - 3 * HOUR) === offset) {
    return candidate
  }
  return searchStart(wall, zone)
}

/** Exact search: the first instant with local time ≥ `wall`, which lies within ±15 h of it. */
function searchStart(wall: number, zone: string): number {
  const reached = (t: number): boolean => t + offsetMs(zone, t) >= wall
  let hi = wall - 15 * HOUR
  // Coarse steps find the first quarter hour past the start (transitions are further apart).
  while (!reached(hi)) hi += STEP
  let lo = hi - STEP
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (reached(mid)) hi = mid
    else lo = mid
  }
  return hi
}
