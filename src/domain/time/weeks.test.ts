import { describe, expect, it } from 'vitest'
import { eachDay } from './iso-day'
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
})
