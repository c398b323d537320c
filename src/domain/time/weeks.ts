import { TZDate } from '@date-fns/tz'
import { getISOWeek, getISOWeekYear, startOfISOWeek } from 'date-fns'
import { parseIsoDay, type IsoDay } from './iso-day'

/** An ISO week (Monday start): its key `2026-W45`, its Monday, and the days it groups. */
export interface WeekBucket {
  key: string
  monday: IsoDay
  days: IsoDay[]
}

/** The ISO week of a calendar day (`2026-W01` may start in December); null for an invalid day. */
export function isoWeekOf(day: IsoDay): { key: string; monday: IsoDay } | null {
  const parts = parseIsoDay(day)
  if (parts === null) return null
  // Calendar arithmetic only: a date in UTC has no DST to get in the way.
  const date = new TZDate(parts.year, parts.month - 1, parts.day, 'UTC')
  const week = String(getISOWeek(date)).padStart(2, '0')
  const monday = startOfISOWeek(date).toISOString().slice(0, 10)
  return { key: `${getISOWeekYear(date)}-W${week}`, monday }
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
