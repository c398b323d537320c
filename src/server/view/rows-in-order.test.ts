import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareRunRows } from '@/domain/runs'
import { runRowOf } from '@/domain/runs/run-row'
import { RUN_SORT_KEYS } from '@/domain/runs/sort-rows'
import { handRun } from '@/domain/runs/test-runs'
import { LEADING_ROWS, leadingInTurns, RowsInOrder } from './rows-in-order'

interface Item {
  key: number
  at: number
}
const byKey = (a: Item, b: Item) => a.key - b.key
const items = (keys: number[]): Item[] => keys.map((key, at) => ({ key, at }))

/** Few distinct keys (many ties), or none; ascending, descending or scattered. */
const keyLists = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }),
  fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 60 }),
  fc
    .tuple(fc.integer({ min: 1, max: 3000 }), fc.constantFrom(1, -1, 7919))
    .map(([n, step]) => Array.from({ length: n }, (_, i) => (i * step) % 101)),
)

describe('leadingInTurns', () => {
  it('gives the first rows of a stable sort, ties in their order', async () => {
    await fc.assert(
      fc.asyncProperty(keyLists, fc.integer({ min: 0, max: 80 }), async (keys, count) => {
        const list = items(keys)
        const expected = [...list].sort(byKey).slice(0, count)
        expect(await leadingInTurns(list, byKey, count)).toEqual(expected)
      }),
      { numRuns: 200 },
    )
  })

  it('agrees with the runs list order, in every column and direction', async () => {
    const row = fc
      .record({
        uuid: fc.constantFrom('a', 'b', 'Ä', ''),
        configuration: fc.constantFrom('x', 'y', 'X'),
        status: fc.constantFrom('completed', 'running'),
        duration: fc.option(fc.constantFrom(0, 1, 5)),
        calls: fc.nat(3),
      })
      .map(({ uuid, configuration, status, duration, calls }) => ({
        ...runRowOf(handRun(uuid, [], { configuration, status }), () => Number.NaN),
        toolCalls: calls,
        durationMs: duration,
      }))
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 50 }),
        fc.constantFrom(...RUN_SORT_KEYS),
        fc.boolean(),
        fc.integer({ min: 0, max: 30 }),
        async (rows, key, desc, count) => {
          const compare = compareRunRows({ key, desc })
          const expected = [...rows].sort(compare).slice(0, count)
          expect(await leadingInTurns(rows, compare, count)).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('RowsInOrder', () => {
  it('gives every page as the whole sorted list would, before and after it is sorted', async () => {
    const list = items(Array.from({ length: 2 * LEADING_ROWS + 37 }, (_, i) => (i * 7919) % 13))
    const sorted = [...list].sort(byKey)
    const order = new RowsInOrder(list, byKey)
    expect(order.length).toBe(list.length)
    for (const [offset, limit] of [
      [0, 100],
      [LEADING_ROWS - 50, 50],
      [LEADING_ROWS - 50, 100],
      [0, 100],
      [2 * LEADING_ROWS, 100],
      [5 * LEADING_ROWS, 100],
    ] as const) {
      expect(await order.slice(offset, limit)).toEqual(sorted.slice(offset, offset + limit))
    }
    expect(await order.all()).toEqual(sorted)
    expect(list.map((item) => item.at)).toEqual(list.map((_, at) => at))
  })
})
