import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayOf, dayRangeToInstants } from './day-range'
import { startOfDayMs } from './day-start'
import { addDays } from './iso-day'
import { dayArb, instantNear, zoneArb } from './test-arbitraries'

const HOUR = 3_600_000
const MINUTE = 60_000
const iso = (ms: number): string => new Date(ms).toISOString()

// Reference built on Intl.formatToParts, not on @date-fns/tz's offsets.
const intlFormats = new Map<string, Intl.DateTimeFormat>()
function intlDay(ms: number, zone: string): string {
  let format = intlFormats.get(zone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    intlFormats.set(zone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The first whole minute whose Intl day is `day` or later: scan quarter hours, then minutes. */
function referenceStart(day: string, zone: string): number {
  let t = Date.parse(day) - 15 * HOUR
  while (intlDay(t, zone) < day) t += 15 * MINUTE
  t -= 15 * MINUTE
  while (intlDay(t, zone) < day) t += MINUTE
  return t
}

describe('dayRangeToInstants', () => {
  it('turns the brief example into [2026-09-01T00:00Z, 2026-11-04T00:00Z)', () => {
    const range = dayRangeToInstants('2026-09-01', '2026-11-03', 'UTC')
    expect(iso(range.startMs)).toBe('2026-09-01T00:00:00.000Z')
    expect(iso(range.endMs)).toBe('2026-11-04T00:00:00.000Z')
  })

  it.each([
    ['Europe/Berlin', '2026-03-29', 23, '2026-03-28T23:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25', 25, '2026-10-24T22:00:00.000Z'],
    ['Europe/Berlin', '2026-07-01', 24, '2026-06-30T22:00:00.000Z'],
    ['America/New_York', '2026-03-08', 23, '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-11-01', 25, '2026-11-01T04:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', 23.5, '2026-10-03T13:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', 24.5, '2026-04-04T13:00:00.000Z'],
    ['Asia/Kathmandu', '2026-03-29', 24, '2026-03-28T18:15:00.000Z'],
    ['Pacific/Chatham', '2026-09-27', 23, '2026-09-26T11:15:00.000Z'],
    ['Asia/Beirut', '2024-03-31', 23, '2024-03-30T22:00:00.000Z'],
  ])('%s %s lasts %d hours from %s', (zone, day, hours, start) => {
    const range = dayRangeToInstants(day, day, zone)
    expect(iso(range.startMs)).toBe(start)
    expect((range.endMs - range.startMs) / HOUR).toBe(hours)
  })

  it('is empty when to is before from, and NaN for an invalid day', () => {
    const range = dayRangeToInstants('2026-09-02', '2026-09-01', 'UTC')
    expect(range.endMs).toBe(range.startMs)
    expect(dayRangeToInstants('2026-02-30', '2026-03-01', 'UTC').startMs).toBeNaN()
  })

  it('agrees with an Intl reference on random days and zones (DST days included)', () => {
    fc.assert(
      fc.property(dayArb, zoneArb, (day, zone) => {
        expect(iso(startOfDayMs(day, zone))).toBe(iso(referenceStart(day, zone)))
        const range = dayRangeToInstants(day, day, zone)
        expect(iso(range.endMs)).toBe(iso(referenceStart(addDays(day, 1), zone)))
        expect(intlDay(range.startMs, zone)).toBe(day)
        expect(intlDay(range.startMs - 1, zone) < day).toBe(true)
        expect(intlDay(range.endMs - 1, zone)).toBe(day)
      }),
      { numRuns: 200 },
    )
  })
})

describe('dayOf', () => {
  it('names the day of an instant in the zone', () => {
    expect(dayOf(Date.parse('2026-11-03T23:30:00Z'), 'UTC')).toBe('2026-11-03')
    expect(dayOf(Date.parse('2026-11-03T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-04')
    expect(dayOf(Date.parse('2026-11-03T10:00:00Z'), 'America/New_York')).toBe('2026-11-03')
    expect(() => dayOf(Number.NaN, 'UTC')).toThrow(RangeError)
  })

  it('agrees with Intl on random instants', () => {
    fc.assert(
      fc.property(dayArb.chain(instantNear), zoneArb, (ms, zone) => {
        expect(dayOf(ms, zone)).toBe(intlDay(ms, zone))
      }),
      { numRuns: 500 },
    )
  })
})
