import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bucketDay, bucketIndex, createDayBuckets } from './day-buckets'
import { dayOf, dayRangeToInstants } from './day-range'
import { addDays } from './iso-day'
import { dayArb, zoneArb } from './test-arbitraries'

describe('day buckets', () => {
  it('puts an instant in its zone day and refuses instants outside the range', () => {
    const buckets = createDayBuckets('2026-10-24', '2026-10-26', 'Europe/Berlin')
    expect(buckets.days).toEqual(['2026-10-24', '2026-10-25', '2026-10-26'])
    expect(bucketDay(buckets, Date.parse('2026-10-25T23:30:00Z'))).toBe('2026-10-26')
    expect(bucketDay(buckets, Date.parse('2026-10-25T22:59:59.999Z'))).toBe('2026-10-25')
    expect(bucketIndex(buckets, Date.parse('2026-10-23T21:59:59.999Z'))).toBe(-1)
    expect(bucketIndex(buckets, buckets.endMs)).toBe(-1)
    expect(bucketIndex(buckets, Number.NaN)).toBe(-1)
  })

  it('is empty for a reversed range', () => {
    const buckets = createDayBuckets('2026-10-24', '2026-10-23', 'UTC')
    expect(buckets.days).toEqual([])
    expect(bucketIndex(buckets, 0)).toBe(-1)
  })

  it('matches dayRangeToInstants and dayOf for random ranges, zones and instants', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 0, max: 60 }),
        zoneArb,
        fc.array(fc.double({ min: -0.2, max: 1.2, noNaN: true }), { maxLength: 30 }),
        (from, length, zone, fractions) => {
          const to = addDays(from, length)
          const buckets = createDayBuckets(from, to, zone)
          const range = dayRangeToInstants(from, to, zone)
          expect(buckets.startMs).toBe(range.startMs)
          expect(buckets.endMs).toBe(range.endMs)
          expect(buckets.days.length).toBe(length + 1)
          for (const fraction of fractions) {
            const ms = Math.floor(range.startMs + fraction * (range.endMs - range.startMs))
            const inside = ms >= range.startMs && ms < range.endMs
            expect(bucketDay(buckets, ms)).toBe(inside ? dayOf(ms, zone) : null)
          }
          buckets.days.forEach((day, i) => {
            expect(buckets.bounds[i]).toBe(dayRangeToInstants(day, day, zone).startMs)
          })
        },
      ),
      { numRuns: 100 },
    )
  })
})
