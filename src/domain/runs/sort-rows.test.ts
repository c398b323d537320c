import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runRowOf } from './run-row'
import {
  DEFAULT_RUN_SORT,
  RUN_SORT_KEYS,
  parseRunSort,
  runSortParams,
  sortRunRows,
  toggleSort,
} from './sort-rows'
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

describe('parseRunSort and runSortParams', () => {
  it('reads back every sort it writes, and writes nothing for newest first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RUN_SORT_KEYS), fc.boolean(), (key, desc) => {
        const params = runSortParams({ key, desc })
        expect(parseRunSort(params)).toEqual({ sort: { key, desc }, ignored: [] })
      }),
    )
    expect(runSortParams(DEFAULT_RUN_SORT)).toEqual({})
    expect(runSortParams({ key: 'toolCalls', desc: true })).toEqual({
      sort: 'toolCalls',
      dir: 'desc',
    })
    expect(runSortParams({ key: 'durationMs', desc: false })).toEqual({
      sort: 'duration',
      dir: 'asc',
    })
  })

  it('falls back to newest first without params, and to the first direction without dir', () => {
    expect(parseRunSort({})).toEqual({ sort: DEFAULT_RUN_SORT, ignored: [] })
    expect(parseRunSort({ sort: 'status' }).sort).toEqual({ key: 'status', desc: false })
    expect(parseRunSort({ sort: 'failed' }).sort).toEqual({ key: 'failed', desc: true })
    expect(parseRunSort({ dir: 'asc' }).sort).toEqual({ key: 'startedMs', desc: false })
  })

  it('ignores an unknown column or direction with a message, never throwing', () => {
    expect(parseRunSort({ sort: 'startedMs', dir: 'asc' })).toEqual({
      sort: DEFAULT_RUN_SORT,
      ignored: [
        'Ignored sort=startedMs and dir=asc: not one of started, configuration, status, rounds, toolCalls, failed, denied, refusedArguments, refusedTurn, refusedOther, duration; newest first instead',
      ],
    })
    expect(parseRunSort({ sort: 'rounds', dir: 'up' })).toEqual({
      sort: { key: 'rounds', desc: true },
      ignored: ['Ignored dir=up: not asc or desc'],
    })
    expect(parseRunSort({ sort: ['failed', 'rounds'], dir: 'asc' })).toEqual({
      sort: { key: 'failed', desc: false },
      ignored: ['Ignored sort=["rounds"]: sort is given more than once'],
    })
    expect(parseRunSort({ sort: 'toString' }).sort).toEqual(DEFAULT_RUN_SORT)
    expect(parseRunSort({ sort: { a: 1 } }).ignored[0]).toMatch(/^Ignored sort=\{"a":1\}: /)
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (raw) => {
        const { sort, ignored } = parseRunSort(raw)
        expect(RUN_SORT_KEYS).toContain(sort.key)
        expect(Array.isArray(ignored)).toBe(true)
      }),
    )
  })
})
