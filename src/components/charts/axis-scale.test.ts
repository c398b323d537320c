import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bandLayout, niceScale, scaleTo } from './axis-scale'

describe('niceScale', () => {
  it('gives a single 0 tick for nothing to show, never NaN', () => {
    expect(niceScale(0)).toEqual({ ticks: [0], top: 0 })
    expect(niceScale(-3)).toEqual({ ticks: [0], top: 0 })
    expect(niceScale(Number.NaN)).toEqual({ ticks: [0], top: 0 })
    expect(niceScale(Number.POSITIVE_INFINITY)).toEqual({ ticks: [0], top: 0 })
    expect(scaleTo(0, 0, 200)).toBe(0)
    expect(scaleTo(5, 0, 200)).toBe(0)
  })

  it('shows 0 and 1 for a max of 1, never half a call', () => {
    expect(niceScale(1)).toEqual({ ticks: [0, 1], top: 1 })
    expect(niceScale(0.3)).toEqual({ ticks: [0, 1], top: 1 })
  })

  it('steps by 2 for a max of 7 (steps of 1 would need 8 ticks)', () => {
    expect(niceScale(7)).toEqual({ ticks: [0, 2, 4, 6, 8], top: 8 })
    expect(niceScale(5)).toEqual({ ticks: [0, 1, 2, 3, 4, 5], top: 5 })
  })

  it('keeps large numbers to a few round ticks', () => {
    expect(niceScale(123_456)).toEqual({ ticks: [0, 50_000, 100_000, 150_000], top: 150_000 })
    expect(niceScale(1_000_000)).toEqual({
      ticks: [0, 200_000, 400_000, 600_000, 800_000, 1_000_000],
      top: 1_000_000,
    })
  })

  it('always covers max with at most maxTicks integer ticks at a 1/2/5 × 10^k step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 2, max: 10 }), (max, n) => {
        const { ticks, top } = niceScale(max, n)
        const step = ticks[1] ?? 0
        const mantissa = step / 10 ** Math.floor(Math.log10(step))
        expect(ticks.length).toBeLessThanOrEqual(n)
        expect(ticks[0]).toBe(0)
        expect(top).toBeGreaterThanOrEqual(max)
        expect(ticks[ticks.length - 1]).toBe(top)
        expect(ticks.every((t, i) => Number.isInteger(t) && t === i * step)).toBe(true)
        expect([1, 2, 5]).toContain(Math.round(mantissa))
        // The step is the smallest that fits: the next smaller 1/2/5 step needs too many ticks.
        const smaller = Math.round(mantissa) === 5 ? (step * 2) / 5 : step / 2
        if (step > 1) expect(Math.ceil(max / smaller) + 1).toBeGreaterThan(n)
      }),
    )
  })
})

describe('bandLayout', () => {
  it('splits the length into equal bands with the padding around each', () => {
    expect(bandLayout(4, 400, 0.2)).toEqual([
      { start: 10, size: 80 },
      { start: 110, size: 80 },
      { start: 210, size: 80 },
      { start: 310, size: 80 },
    ])
  })

  it('keeps a band at least 1 px wide when many buckets share a narrow axis', () => {
    const bands = bandLayout(365, 300, 0.2)
    expect(bands).toHaveLength(365)
    expect(bands.every((b) => b.size >= 0.82 - 1e-9 && b.start >= 0)).toBe(true)
    expect(bandLayout(10, 100, 0.9)[0]?.size).toBe(1)
  })

  it('gives no bands for no buckets or no width', () => {
    expect(bandLayout(0, 400)).toEqual([])
    expect(bandLayout(5, 0)).toEqual([])
    expect(bandLayout(5, Number.NaN)).toEqual([])
  })
})
