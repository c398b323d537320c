import { TZDate } from '@date-fns/tz'
import { getISOWeek, getISOWeekYear, startOfISOWeek } from 'date-fns'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, eachDay, parseIsoDay } from './iso-day'
import { groupDaysByWeek, isoWeekOf } from './weeks'

describe('ISO weeks', () => {
  it.each([
    ['2026-01-01', '2026-W01', '2025-12-29'],
    ['2027-01-01', '2026-W53', '2026-12-28'],
    ['2026-11-02', '2026-W45', '2026-11-02'],
    ['2026-11-08', '2026-W45', '2026-11-02'],
  ])('%s is in %s starting %s', (day, key, monday) => {
    expect(isoWeekOf(day)).toEqual({ key, monday })
  })

  it('groups consecutive days into Monday-start weeks, partial at both ends', () => {
    const weeks = groupDaysByWeek(eachDay('2026-09-01', '2026-09-15'))
    expect(weeks.map((w) => [w.key, w.monday, w.days.length])).toEqual([
      ['2026-W36', '2026-08-31', 6],
      ['2026-W37', '2026-09-07', 7],
      ['2026-W38', '2026-09-14', 2],
    ])
    expect(groupDaysByWeek([])).toEqual([])
    expect(isoWeekOf('2026-02-30')).toBeNull()
  })

  it('gives the ISO week date-fns gives, for any day of years 1000 to 9999', () => {
    const reference = (day: string) => {
      const parts = parseIsoDay(day)
      if (parts === null) return null
      const date = new TZDate(parts.year, parts.month - 1, parts.day, 'UTC')
      const week = String(getISOWeek(date)).padStart(2, '0')
      const monday = startOfISOWeek(date).toISOString().slice(0, 10)
      return { key: `${getISOWeekYear(date)}-W${week}`, monday }
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_287_000 }), (offset) => {
        const day = addDays('1000-01-01', offset)
        expect(isoWeekOf(day)).toEqual(reference(day))
      }),
      { numRuns: 2000, examples: [[0], [3_287_000]] },
    )
  })
})
