import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sortInTurns } from './sort-in-turns'

describe('sortInTurns', () => {
  it('sorts as Array.prototype.sort does, stably, across blocks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }),
          fc
            .integer({ min: 8_000, max: 60_000 })
            .map((n) => Array.from({ length: n }, (_, i) => (i * 7919) % 97)),
        ),
        async (keys) => {
          const items = keys.map((key, at) => ({ key, at }))
          const compare = (a: { key: number }, b: { key: number }) => a.key - b.key
          const expected = [...items].sort(compare)
          expect(await sortInTurns(items, compare)).toEqual(expected)
        },
      ),
      { numRuns: 15 },
    )
  })
})
