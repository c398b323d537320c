import { epochDayOf, isoDayFromEpochDay, type IsoDay } from './iso-day'

const DAY_MS = 86_400_000

/** An ISO week (Monday start): its key `2026-W45`, its Monday, and the days it groups. */
export interface WeekBucket {
  key: string
  monday: IsoDay
  days: IsoDay[]
}

/** The ISO week of a calendar day (`2026-W01` may start in December); null for an invalid day. */
export function isoWeekOf(day: IsoDay): { key: string; monday: IsoDay } | null {
  const epochDay = epochDayOf(day)
  if (Number.isNaN(epochDay)) return null
  // Day counts only, no zone (a year's chart asks for hundreds of days: a zoned date per day
  // cost the tool report about a quarter of a second). 1970-01-01 was a Thursday.
  const weekday = (((epochDay + 3) % 7) + 7) % 7
  const monday = epochDay - weekday
  // A week belongs to the year of its Thursday, and is that year's n-th Thursday.
  const year = new Date((monday + 3) * DAY_MS).getUTCFullYear()
  const week = Math.floor((monday + 3 - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1
  return { key: `${year}-W${String(week).padStart(2, '0')}`, monday: isoDayFromEpochDay(monday) }
}

/**
 * Consecutive days grouped into ISO weeks, in order; the first and last week hold only the days
 * given (a partial week). Empty input gives no weeks; invalid days are skipped.
 */
export function groupDaysByWeek(days: readonly IsoDay[]): WeekBucket[] {
  const weeks: WeekBucket[] = []
  let current: WeekBucket | undefined
  for (const day of days) {
    const week = isoWeekOf(day)
    if (week === null) continue
    if (current === undefined || current.key !== week.key) {
      current = { key: week.key, monday: week.monday, days: [] }
      weeks.push(current)
    }
    current.days.push(day)
  }
  return weeks
}
