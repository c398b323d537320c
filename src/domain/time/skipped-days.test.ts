import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDayBuckets } from './day-buckets'
import { addDays } from './iso-day'
import { skippedDays } from './skipped-days'
import { dayArb, zoneArb } from './test-arbitraries'

/** The reference: every day whose first instant is also the next day's. */
const reference = (from: string, to: string, zone: string) => {
  const buckets = createDayBuckets(from, to, zone)
  return buckets.days.filter((_, i) => buckets.bounds[i] === buckets.bounds[i + 1])
}

describe('skippedDays', () => {
  it('finds the day Pacific/Apia skipped, from a day range to ten years around it', () => {
    expect(skippedDays('2011-12-30', '2011-12-30', 'Pacific/Apia')).toEqual(['2011-12-30'])
    expect(skippedDays('2011-12-29', '2011-12-31', 'Pacific/Apia')).toEqual(['2011-12-30'])
    expect(skippedDays('2007-01-01', '2016-12-31', 'Pacific/Apia')).toEqual(['2011-12-30'])
    // Kiribati's Line Islands skipped 1994-12-31.
    expect(skippedDays('1994-12-01', '1995-01-31', 'Pacific/Kiritimati')).toEqual(['1994-12-31'])
    expect(skippedDays('2011-12-31', '2012-01-05', 'Pacific/Apia')).toEqual([])
    expect(skippedDays('2011-12-30', '2011-12-30', 'UTC')).toEqual([])
    expect(skippedDays('2026-03-29', '2026-03-29', 'Asia/Beirut')).toEqual([])
    expect(skippedDays('2026-01-02', '2026-01-01', 'Pacific/Apia')).toEqual([])
    expect(skippedDays('2026-01-01', '2026-01-02', 'Mars/Olympus')).toEqual([])
  })

  it('agrees with the day bounds on random ranges and zones', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 60 }), zoneArb, (from, length, zone) => {
        const to = addDays(from, length)
        expect(skippedDays(from, to, zone)).toEqual(reference(from, to, zone))
      }),
      { numRuns: 100 },
    )
    for (const zone of ['Pacific/Apia', 'Pacific/Kiritimati', 'Pacific/Fakaofo']) {
      for (let from = '2011-12-01'; from < '2012-01-10'; from = addDays(from, 3)) {
        const to = addDays(from, 9)
        expect(skippedDays(from, to, zone)).toEqual(reference(from, to, zone))
      }
    }
  })
})
