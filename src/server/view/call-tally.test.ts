import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CallTally } from './call-tally'

const addsArb = fc.array(
  fc.record({ day: fc.nat(9), row: fc.nat(6), calls: fc.integer({ min: 1, max: 1000 }) }),
  { maxLength: 60 },
)

/** Every pair with calls, in the order the tally gives them. */
function pairsOf(tally: CallTally): [number, number, number][] {
  const pairs: [number, number, number][] = []
  tally.forEach((day, row, calls) => pairs.push([day, row, calls]))
  return pairs
}

describe('CallTally', () => {
  it('sums calls by (day, row) alike in its dense and sparse form', () => {
    fc.assert(
      fc.property(addsArb, (adds) => {
        const dense = new CallTally(10, 7)
        const sparse = new CallTally(10, 7, 0)
        const expected = new Map<string, number>()
        for (const { day, row, calls } of adds) {
          dense.add(day, row, calls)
          sparse.add(day, row, calls)
          const key = `${day}:${row}`
          expected.set(key, (expected.get(key) ?? 0) + calls)
        }
        const byKey = (pairs: [number, number, number][]) =>
          new Map(pairs.map(([day, row, calls]) => [`${day}:${row}`, calls]))
        expect(byKey(pairsOf(dense))).toEqual(expected)
        expect(byKey(pairsOf(sparse))).toEqual(expected)
      }),
    )
  })

  it('gives nothing when nothing was added', () => {
    expect(pairsOf(new CallTally(3, 3))).toEqual([])
    expect(pairsOf(new CallTally(0, 0, 0))).toEqual([])
  })
})
