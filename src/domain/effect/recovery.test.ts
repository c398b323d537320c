import { describe, expect, it } from 'vitest'
import { histogramMedian } from './recovery'

describe('histogramMedian', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(histogramMedian({ 1: 2, 3: 1 })).toBe(1)
    expect(histogramMedian({ 1: 1, 3: 1 })).toBe(2)
    expect(histogramMedian({ 2: 5 })).toBe(2)
    expect(histogramMedian({ 4: 1, 1: 1, 2: 1 })).toBe(2)
  })
  it('is null for no values and skips what is not a number', () => {
    expect(histogramMedian({})).toBeNull()
    expect(histogramMedian({ x: 3, 1: 0 })).toBeNull()
  })
})
