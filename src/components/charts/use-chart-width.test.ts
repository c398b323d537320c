import { describe, expect, it } from 'vitest'
import { labelInterval, PX_PER_LABEL } from './use-chart-width'

describe('labelInterval', () => {
  it('shows every label when they fit', () => {
    expect(labelInterval(7, 1000)).toBe(0)
    expect(labelInterval(13, 13 * PX_PER_LABEL)).toBe(0)
  })

  it('skips labels so the shown ones fit the width', () => {
    // 89 days in 720 px: 10 labels fit, so every 9th day is labelled.
    expect(labelInterval(89, 720)).toBe(8)
    const interval = labelInterval(365, 400)
    expect(Math.ceil(365 / (interval + 1))).toBeLessThanOrEqual(Math.floor(400 / PX_PER_LABEL))
  })

  it('gives 0 without a width or labels', () => {
    expect(labelInterval(89, null)).toBe(0)
    expect(labelInterval(89, 0)).toBe(0)
    expect(labelInterval(0, 500)).toBe(0)
  })

  it('shows at least one label on a very narrow axis', () => {
    expect(labelInterval(30, 10)).toBe(29)
  })
})
