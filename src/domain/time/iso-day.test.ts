import { describe, expect, it } from 'vitest'
import { addDays, daySpan, eachDay, formatDay, isIsoDay } from './iso-day'

describe('ISO days', () => {
  it.each(['2026-09-01', '2028-02-29', '1999-12-31', '9999-12-31'])('accepts %s', (day) => {
    expect(isIsoDay(day)).toBe(true)
  })

  it.each([
    '2026-13-01',
    '2026-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    ' 2026-01-01',
    '2026-01-01T00:00Z',
    '0999-01-01',
    '',
    20260101,
    null,
    undefined,
    ['2026-01-01'],
  ])('rejects %o', (value) => {
    expect(isIsoDay(value)).toBe(false)
  })

  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daySpan('2026-09-01', '2026-11-03')).toBe(64)
    expect(daySpan('2026-09-02', '2026-09-01')).toBe(0)
    expect(eachDay('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
    expect(addDays('nope', 1)).toBe('')
  })
})

describe('formatDay', () => {
  it('writes a day as a person reads it, with or without the year', () => {
    expect(formatDay('2026-11-28')).toBe('28 Nov 2026')
    expect(formatDay('2026-01-05', false)).toBe('5 Jan')
  })

  it('gives anything that is not a day back as it is', () => {
    expect(formatDay('2026-02-30')).toBe('2026-02-30')
  })
})
