import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count'

describe('formatCount', () => {
  it('writes counts like toLocaleString("en-US")', () => {
    for (const n of [0, 7, 999, 1000, 1234567, -4200, 12.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
    }
    expect(formatCount(1234567)).toBe('1,234,567')
  })
})
