import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wilsonInterval } from './wilson'

describe('wilsonInterval', () => {
  it('matches published values', () => {
    // 0/10: [0, 0.2775]; 5/10: [0.2366, 0.7634]; 20/20: [0.8389, 1]
    const zero = wilsonInterval(0, 10)
    expect(zero?.low).toBe(0)
    expect(zero?.high).toBeCloseTo(0.27753, 4)
    const half = wilsonInterval(5, 10)
    expect(half?.low).toBeCloseTo(0.23659, 4)
    expect(half?.high).toBeCloseTo(0.76341, 4)
    const all = wilsonInterval(20, 20)
    expect(all?.high).toBe(1)
    expect(all?.low).toBeCloseTo(0.83887, 4)
  })

  it('is null without calls or with impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull()
    expect(wilsonInterval(3, 2)).toBeNull()
    expect(wilsonInterval(-1, 2)).toBeNull()
    expect(wilsonInterval(Number.NaN, 2)).toBeNull()
  })

  it('always contains the observed rate and stays within [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, f) => {
          const k = Math.floor(f * n)
          const interval = wilsonInterval(k, n)
          expect(interval).not.toBeNull()
          if (interval === null) return
          expect(interval.low).toBeGreaterThanOrEqual(0)
          expect(interval.high).toBeLessThanOrEqual(1)
          expect(interval.low).toBeLessThanOrEqual(k / n + 1e-12)
          expect(interval.high).toBeGreaterThanOrEqual(k / n - 1e-12)
        },
      ),
    )
  })
})
