import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createInstantFormatter, formatInstant } from './format-instant'
import { dayArb, instantNear, zoneArb } from './test-arbitraries'

describe('formatInstant', () => {
  it.each([
    ['2026-11-03T14:05:09.120Z', 'Europe/Berlin', '2026-11-03T15:05:09.120+01:00'],
    ['2026-07-03T14:05:09.120Z', 'Europe/Berlin', '2026-07-03T16:05:09.120+02:00'],
    ['2026-11-03T14:05:09.120Z', 'UTC', '2026-11-03T14:05:09.120+00:00'],
    ['2026-11-03T04:05:09.000Z', 'America/New_York', '2026-11-02T23:05:09.000-05:00'],
    ['2026-11-03T14:05:09.001Z', 'Asia/Kathmandu', '2026-11-03T19:50:09.001+05:45'],
    ['2026-11-03T14:05:09.120Z', 'Pacific/Chatham', '2026-11-04T03:50:09.120+13:45'],
    ['2026-10-25T00:59:59.999Z', 'Europe/Berlin', '2026-10-25T02:59:59.999+02:00'],
    ['2026-10-25T01:00:00.000Z', 'Europe/Berlin', '2026-10-25T02:00:00.000+01:00'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(formatInstant(Date.parse(instant), zone)).toBe(expected)
  })

  it('gives an empty string for a non-finite instant or an unknown zone', () => {
    expect(formatInstant(Number.NaN, 'UTC')).toBe('')
    expect(createInstantFormatter('Mars/Olympus')(0)).toBe('')
  })

  it('agrees with date-fns format on random instants and parses back to the same instant', () => {
    fc.assert(
      fc.property(dayArb.chain(instantNear), zoneArb, (ms, zone) => {
        const text = formatInstant(ms, zone)
        expect(text).toBe(format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx"))
        expect(Date.parse(text)).toBe(ms)
      }),
      { numRuns: 500 },
    )
  })
})
