import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bucketDay, bucketIndex, createDayBuckets, type DayBuckets } from './day-buckets'
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

  it('finds the same day as a scan of the bounds, narrowed ranges and skipped days included', () => {
    // The reference: the last day whose first instant is not after the instant.
    const scan = (buckets: DayBuckets, ms: number) => {
      if (!(ms >= buckets.startMs && ms < buckets.endMs)) return -1
      let found = 0
      buckets.days.forEach((_, i) => {
        if ((buckets.bounds[i] ?? Infinity) <= ms) found = i
      })
      return found
    }
    const apia = createDayBuckets('2011-12-28', '2012-01-02', 'Pacific/Apia')
    expect(apia.bounds[2]).toBe(apia.bounds[3]) // 2011-12-30 did not happen there
    for (let ms = apia.startMs - 3_600_000; ms < apia.endMs + 3_600_000; ms += 1_799_999) {
      expect(bucketIndex(apia, ms)).toBe(scan(apia, ms))
    }
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 0, max: 40 }),
        zoneArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.double({ min: -0.1, max: 1.1, noNaN: true }), { maxLength: 40 }),
        (from, length, zone, cutStart, cutEnd, fractions) => {
          const whole = createDayBuckets(from, addDays(from, length), zone)
          const span = whole.endMs - whole.startMs
          // A window cut inside the first and last days, as narrowScope makes.
          const narrowed = {
            ...whole,
            startMs: Math.floor(whole.startMs + (cutStart * span) / (length + 1)),
            endMs: Math.ceil(whole.endMs - (cutEnd * span) / (length + 1)),
          }
          for (const buckets of [whole, narrowed]) {
            for (const fraction of fractions) {
              const ms = Math.floor(whole.startMs + fraction * span)
              expect(bucketIndex(buckets, ms)).toBe(scan(buckets, ms))
            }
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
