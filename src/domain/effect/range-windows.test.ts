import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayRangeToInstants } from '../time'
import { rangedWindows, spanWithin } from './range-windows'
import { DAY_MS, effectWindows } from './windows'

const D = Date.parse('2026-11-05T09:00:00Z')
const DATA = {
  earliestMs: Date.parse('2026-09-01T06:02:11Z'),
  latestMs: Date.parse('2026-11-28T17:40:00Z'),
}
const days = (from: string, to: string, zone = 'UTC') => dayRangeToInstants(from, to, zone)

describe('rangedWindows', () => {
  it('counts the requested windows whole when the range holds them', () => {
    const w = rangedWindows(D, 14, DATA, days('2026-10-22', '2026-11-19'), 'UTC')
    expect(w.counted).toEqual(w.requested)
    expect(w.cutByRange).toBe(false)
    expect(w.fullRange).toEqual({ from: '2026-10-22', to: '2026-11-19' })
  })

  it('cuts both windows to the same length when the range holds less on one side', () => {
    // 3 Nov 00:00 to the decision at 5 Nov 09:00: 2 days 9 hours before.
    const w = rangedWindows(D, 14, DATA, days('2026-11-03', '2026-12-02'), 'UTC')
    expect(w.counted.lengthMs).toBe(2 * DAY_MS + 9 * 3_600_000)
    expect(w.counted.after.endMs - w.counted.after.startMs).toBe(w.counted.lengthMs)
    expect(w.cutByRange).toBe(true)
    expect(w.requested.lengthMs).toBe(14 * DAY_MS)
  })

  it('holds neither window when the range does not reach the decision date', () => {
    const w = rangedWindows(D, 14, DATA, days('2026-11-26', '2026-12-02'), 'UTC')
    expect(w.counted.emptySide).toBe('both')
    expect(w.cutByRange).toBe(true)
    expect(w.fullRange).toEqual({ from: '2026-10-22', to: '2026-11-19' })
  })

  it('names the days of the requested windows in the zone', () => {
    const w = rangedWindows(D, 7, DATA, days('2026-01-01', '2026-12-31'), 'Pacific/Kiritimati')
    // 29 Oct 09:00 UTC is 29 Oct 23:00 at +14; 12 Nov 08:59:59.999 UTC is 12 Nov 22:59 there.
    expect(w.fullRange).toEqual({ from: '2026-10-29', to: '2026-11-12' })
  })

  it('keeps the side a range leaves within the requested window', () => {
    // Data 13 ms before the decision and 14 after: the requested windows are 13 ms each. A range
    // from the decision on empties the before side; the after side stays 13 ms, not 14.
    const decision = 1_785_542_400_014
    const data = { earliestMs: decision - 13, latestMs: decision + 13 }
    const range = { startMs: decision, endMs: decision + 14 }
    const { counted, requested } = rangedWindows(decision, 1, data, range, 'UTC')
    expect(requested.lengthMs).toBe(13)
    expect(counted.emptySide).toBe('before')
    expect(counted.after).toEqual({ startMs: decision, endMs: decision + 13 })
    expect(counted.lengthMs).toBe(13)
  })

  it('never counts an instant outside the range, the data or the requested windows', () => {
    const instant = fc.integer({ min: Date.parse('2026-08-01'), max: Date.parse('2027-01-01') })
    fc.assert(
      fc.property(
        instant,
        instant,
        instant,
        instant,
        fc.integer({ min: 1, max: 60 }),
        (a, b, c, d, n) => {
          const [earliestMs, latestMs] = [Math.min(a, b), Math.max(a, b)]
          const range = { startMs: Math.min(c, d), endMs: Math.max(c, d) }
          const decision = Math.round((earliestMs + latestMs) / 2)
          const data = { earliestMs, latestMs }
          const { counted, requested } = rangedWindows(decision, n, data, range, 'UTC')
          for (const w of [counted.before, counted.after]) {
            if (w.endMs === w.startMs) continue
            expect(w.startMs).toBeGreaterThanOrEqual(Math.max(range.startMs, earliestMs))
            expect(w.endMs).toBeLessThanOrEqual(Math.min(range.endMs, latestMs + 1))
          }
          expect(counted.lengthMs).toBeLessThanOrEqual(requested.lengthMs)
          // A range holding all the data changes nothing.
          const all = { startMs: earliestMs, endMs: latestMs + 1 }
          expect(rangedWindows(decision, n, data, all, 'UTC').counted).toEqual(
            effectWindows(decision, n, data),
          )
        },
      ),
    )
  })
})

describe('spanWithin', () => {
  it('keeps unknown data unknown', () => {
    expect(
      spanWithin({ earliestMs: null, latestMs: null }, days('2026-11-01', '2026-11-30'), D),
    ).toEqual({
      earliestMs: null,
      latestMs: null,
    })
  })
})
