import { describe, expect, it } from 'vitest'
import { stackMax, stackRow } from './stack-bars'

const KEYS = ['succeeded', 'failed', 'refused'] as const

describe('stackRow', () => {
  it('stacks the series in the given order, leaving zeros out', () => {
    expect(stackRow({ failed: 2, succeeded: 5, refused: 0 }, KEYS)).toEqual([
      { key: 'succeeded', value: 5, from: 0, to: 5 },
      { key: 'failed', value: 2, from: 5, to: 7 },
    ])
  })

  it('draws nothing for a gap (null), not a zero-high bar', () => {
    expect(stackRow({ succeeded: null, failed: null, refused: null }, KEYS)).toEqual([])
    expect(stackRow({}, KEYS)).toEqual([])
  })

  it('finds the highest stack, 0 for only gaps or no rows', () => {
    const rows = [
      { succeeded: 3, failed: 1, refused: null },
      { succeeded: null, failed: null, refused: null },
      { succeeded: 2, failed: 2, refused: 4 },
    ]
    expect(stackMax(rows, KEYS)).toBe(8)
    expect(stackMax(rows, ['failed'])).toBe(2)
    expect(stackMax([{ succeeded: null }], KEYS)).toBe(0)
    expect(stackMax([], KEYS)).toBe(0)
  })
})
