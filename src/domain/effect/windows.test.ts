import { describe, expect, it } from 'vitest'
import { DAY_MS, effectWindows } from './windows'

const D = Date.parse('2026-11-05T09:00:00Z')
const span = (earliest: string | null, latest: string | null) => ({
  earliestMs: earliest === null ? null : Date.parse(earliest),
  latestMs: latest === null ? null : Date.parse(latest),
})

describe('effectWindows', () => {
  it('gives the requested days on each side when the data covers them', () => {
    const w = effectWindows(D, 14, span('2026-09-01T06:02:11Z', '2026-11-28T17:40:00Z'))
    expect(w.before).toEqual({ startMs: D - 14 * DAY_MS, endMs: D })
    expect(w.after).toEqual({ startMs: D, endMs: D + 14 * DAY_MS })
    expect(w).toMatchObject({ bounded: false, emptySide: null, lengthMs: 14 * DAY_MS })
  })

  it('cuts a window longer than the data to the same length on both sides', () => {
    // After the decision: 2026-11-05T09:00 → 2026-11-28T17:40 = 23 d 8 h 40 min (+1 ms, half-open).
    const w = effectWindows(D, 56, span('2026-09-01T06:02:11Z', '2026-11-28T17:40:00Z'))
    const after = 23 * DAY_MS + 8 * 3_600_000 + 40 * 60_000 + 1
    expect(w.lengthMs).toBe(after)
    expect(w.before.startMs).toBe(D - after)
    expect(w.after.endMs).toBe(Date.parse('2026-11-28T17:40:00Z') + 1)
    expect(w.bounded).toBe(true)
  })

  it('keeps the side with data when the other side has none', () => {
    const early = effectWindows(D, 14, span('2026-11-06T00:00:00Z', '2026-11-28T00:00:00Z'))
    expect(early.emptySide).toBe('before')
    expect(early.before.startMs).toBe(early.before.endMs)
    expect(early.after.endMs - early.after.startMs).toBe(14 * DAY_MS)
    const late = effectWindows(D, 14, span('2026-11-01T09:00:00Z', '2026-11-04T00:00:00Z'))
    expect(late.emptySide).toBe('after')
    expect(late.before.endMs - late.before.startMs).toBe(4 * DAY_MS)
    expect(late.after.endMs).toBe(late.after.startMs)
    expect(late.bounded).toBe(true)
  })

  it('is empty without data or with a senseless request', () => {
    expect(effectWindows(D, 14, span(null, null))).toMatchObject({ emptySide: 'both', lengthMs: 0 })
    expect(effectWindows(D, 0, span('2026-09-01T00:00:00Z', '2026-11-28T00:00:00Z')).lengthMs).toBe(
      0,
    )
    expect(
      effectWindows(D, Number.NaN, span('2026-09-01T00:00:00Z', '2026-11-28T00:00:00Z')).lengthMs,
    ).toBe(0)
  })
})
