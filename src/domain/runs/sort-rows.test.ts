import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runRowOf } from './run-row'
import { RUN_SORT_KEYS, sortRunRows, toggleSort } from './sort-rows'
import { handRun } from './test-runs'

const rowArb = fc
  .record({
    uuid: fc.uuid(),
    configuration: fc.constantFrom('b', 'a', 'ä', '=x'),
    status: fc.constantFrom('completed', 'running'),
    duration: fc.option(fc.nat(10_000)),
    calls: fc.nat(5),
  })
  .map(({ uuid, configuration, status, duration, calls }) => ({
    ...runRowOf(handRun(uuid, [], { configuration, status }), () => Number.NaN),
    toolCalls: calls,
    durationMs: duration,
  }))

describe('sortRunRows', () => {
  it('orders by any column in both directions, missing values last, input untouched', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb),
        fc.constantFrom(...RUN_SORT_KEYS),
        fc.boolean(),
        (rows, key, desc) => {
          const before = [...rows]
          const sorted = sortRunRows(rows, { key, desc })
          expect(rows).toEqual(before)
          expect(sorted).toHaveLength(rows.length)
          for (let i = 1; i < sorted.length; i++) {
            const a = sorted[i - 1]?.[key]
            const b = sorted[i]?.[key]
            if (b === null) continue
            expect(a).not.toBeNull()
            if (a === null || a === undefined || b === undefined) continue
            expect(desc ? a >= b : a <= b).toBe(true)
          }
        },
      ),
    )
  })

  it('toggles the same column and starts text A→Z, numbers largest first', () => {
    expect(toggleSort({ key: 'startedMs', desc: true }, 'startedMs')).toEqual({
      key: 'startedMs',
      desc: false,
    })
    expect(toggleSort({ key: 'startedMs', desc: true }, 'status')).toEqual({
      key: 'status',
      desc: false,
    })
    expect(toggleSort({ key: 'status', desc: false }, 'failed')).toEqual({
      key: 'failed',
      desc: true,
    })
    expect(sortRunRows([], { key: 'failed', desc: true })).toEqual([])
  })
})
