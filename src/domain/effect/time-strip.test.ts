import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { timeStrip } from './time-strip'
import { DAY_MS, effectWindows } from './windows'

const decision = Date.UTC(2026, 10, 5, 9)
const data = { earliestMs: Date.UTC(2026, 8, 1), latestMs: Date.UTC(2026, 10, 28, 18) }

describe('timeStrip', () => {
  it('puts a range after the decision beside windows outside it', () => {
    const windows = effectWindows(decision, 14, data)
    const range = { startMs: Date.UTC(2026, 10, 26), endMs: Date.UTC(2026, 11, 3) }
    const strip = timeStrip(range, windows)
    expect(strip?.startMs).toBe(decision - 14 * DAY_MS)
    expect(strip?.endMs).toBe(range.endMs)
    expect(strip?.bars.map((b) => b.key)).toEqual(['range', 'before', 'after'])
    expect(strip?.decisionAt).toBeCloseTo((14 * DAY_MS) / (range.endMs - (decision - 14 * DAY_MS)))
  })

  it('keeps the decision on the axis when both windows are empty', () => {
    const empty = effectWindows(decision, 14, { earliestMs: null, latestMs: null })
    const range = { startMs: Date.UTC(2026, 10, 26), endMs: Date.UTC(2026, 11, 3) }
    const strip = timeStrip(range, empty)
    expect(strip?.startMs).toBe(decision)
    expect(strip?.decisionAt).toBe(0)
    expect(strip?.endMs).toBe(range.endMs)
    expect(strip?.bars[0]?.left).toBeCloseTo((range.startMs - decision) / (range.endMs - decision))
  })

  it('draws the range across the strip when it holds the windows', () => {
    const windows = effectWindows(decision, 7, data)
    const strip = timeStrip(
      { startMs: Date.UTC(2026, 9, 1), endMs: Date.UTC(2026, 11, 1) },
      windows,
    )
    expect(strip?.bars[0]).toMatchObject({ left: 0, width: 1 })
  })

  it('gives null for bounds that are not times', () => {
    expect(
      timeStrip({ startMs: Number.NaN, endMs: 1 }, effectWindows(decision, 7, data)),
    ).toBeNull()
  })

  it('keeps every bar and the decision inside the strip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 56 }),
        (startDay, length, window) => {
          const startMs = data.earliestMs + startDay * DAY_MS
          const strip = timeStrip(
            { startMs, endMs: startMs + length * DAY_MS },
            effectWindows(decision, window, data),
          )
          if (strip === null) throw new Error('expected a strip')
          for (const bar of strip.bars) {
            expect(bar.left).toBeGreaterThanOrEqual(0)
            expect(bar.left + bar.width).toBeLessThanOrEqual(1 + 1e-9)
          }
          expect(strip.decisionAt).toBeGreaterThanOrEqual(0)
          expect(strip.decisionAt).toBeLessThanOrEqual(1)
        },
      ),
    )
  })
})
