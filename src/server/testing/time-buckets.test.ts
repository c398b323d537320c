import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bucketDay, createDayBuckets, dayOf } from '@/domain/time'
import { timeBuckets } from './time-buckets'

const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Europe/Berlin',
  'America/Santiago',
  'Asia/Beirut',
  'Africa/Monrovia',
  'Antarctica/Casey',
  'Pacific/Apia',
]
const FIRST = Date.UTC(1968, 0, 1) / 1000
const LAST = Date.UTC(2030, 0, 1) / 1000

/** The day the server gives a step at second `s`: that of its bucket's first second in range. */
function serverDay(s: number, from: number, to: number, tz: string): string | null {
  const days = createDayBuckets(dayOf(from * 1000, tz), dayOf(to * 1000 - 1, tz), tz)
  const width = timeBuckets(days, from, to)
  return bucketDay(days, Math.max(Math.floor(s / width) * width, from) * 1000)
}

describe('timeBuckets', () => {
  it('gives one bucket a day in UTC, half hours in Kolkata, quarter hours in Chatham', () => {
    const width = (tz: string) => {
      const days = createDayBuckets('2026-11-01', '2026-11-30', tz)
      return timeBuckets(days, days.startMs / 1000, days.endMs / 1000)
    }
    expect(width('UTC')).toBe(86_400)
    expect(width('Asia/Kolkata')).toBe(1_800)
    expect(width('Pacific/Chatham')).toBe(900)
  })

  it('puts every second of a range in the local day Intl gives it, in every zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: FIRST, max: LAST }),
        fc.integer({ min: 1, max: 40 * 86_400 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (tz, from, length, picks) => {
          const to = from + length
          for (const pick of picks) {
            const s = Math.min(to - 1, from + Math.floor(pick * length))
            expect(serverDay(s, from, to, tz)).toBe(dayOf(s * 1000, tz))
          }
        },
      ),
      { numRuns: 400 },
    )
  })
})
