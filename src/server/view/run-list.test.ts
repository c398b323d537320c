import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { msOf } from './run-list'

describe('msOf', () => {
  it('reads epoch seconds as a date made of them would', () => {
    const seconds = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(8.64e12, -8.64e12, 8.64e12 + 0.001, -0, 0.0005, -0.0005, 1e300),
    )
    fc.assert(
      fc.property(seconds, (s) => {
        expect(Object.is(msOf(s), new Date(s * 1000).getTime())).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})
