import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRunSort } from '../runs'
import type { Counts } from './records'
import { compareStrings } from './records'
import { countsRowOf, type ToolRow } from './tool-rows'
import {
  DEFAULT_TOOL_SORT,
  parseToolSort,
  sortToolRows,
  TOOL_SORT_KEYS,
  toolSortParams,
} from './tool-sort'

describe('parseToolSort', () => {
  it('reads the runs list’s shape: sort=<column>&dir=asc|desc', () => {
    expect(parseToolSort({ sort: 'failureRate', dir: 'asc' })).toEqual({
      sort: { key: 'failureRate', desc: false },
      ignored: [],
    })
    expect(parseToolSort({ sort: 'refused:rate_limited', dir: 'desc' }).sort).toEqual({
      key: 'refused:rate_limited',
      desc: true,
    })
  })

  it('gives a column its first direction without dir: tool A→Z, counts largest first', () => {
    expect(parseToolSort({ sort: 'tool' }).sort).toEqual({ key: 'tool', desc: false })
    expect(parseToolSort({ sort: 'failed' }).sort).toEqual({ key: 'failed', desc: true })
  })

  it('falls back to most calls first for hostile values, saying so', () => {
    for (const sort of ['__proto__', 'constructor', '<script>', 'refused:', 'x'.repeat(500)]) {
      const parsed = parseToolSort({ sort, dir: 'asc' })
      expect(parsed.sort).toEqual(DEFAULT_TOOL_SORT)
      expect(parsed.ignored[0]).toMatch(/^Ignored sort=.*most calls first instead$/)
    }
    expect(parseToolSort({ sort: 'calls', dir: 'sideways' })).toEqual({
      sort: { key: 'calls', desc: true },
      ignored: ['Ignored dir=sideways: not asc or desc'],
    })
    expect(parseToolSort({ sort: ['failed', 'calls'] }).ignored).toHaveLength(1)
    expect(parseToolSort({ sort: { a: 1 } }).sort).toEqual(DEFAULT_TOOL_SORT)
  })

  it('reads back every sort it writes, and writes nothing for the default', () => {
    expect(toolSortParams(DEFAULT_TOOL_SORT)).toEqual({})
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...TOOL_SORT_KEYS),
          fc.string({ minLength: 1, maxLength: 50 }).map((c) => `refused:${c}` as const),
        ),
        fc.boolean(),
        (key, desc) => {
          const sort = { key, desc }
          expect(parseToolSort(toolSortParams(sort)).sort).toEqual(sort)
        },
      ),
    )
  })

  it('uses the same parameter names as the runs list', () => {
    const runs = parseRunSort({ sort: 'failed', dir: 'asc' }).sort
    const tools = parseToolSort({ sort: 'failed', dir: 'asc' }).sort
    expect([runs.key, runs.desc]).toEqual([tools.key, tools.desc])
  })
})

describe('sortToolRows', () => {
  /** A tool with these calls, failures and refusals (refusals under `arguments`). */
  const tool = (name: string, calls: number, failed = 0, refused = 0): ToolRow => ({
    tool: name,
    source: 'builtin',
    ...countsRowOf({
      succeeded: calls - failed - refused,
      failed,
      'refused:arguments': refused,
    } as Counts),
  })
  const names = (rows: ToolRow[]) => rows.map((row) => row.tool)

  it('sorts a rate as the rate it is, small samples where they stand', () => {
    const rows = [
      tool('big_low', 400, 4), // 1 %
      tool('small_high', 3, 1), // 33.3 %, a small sample
      tool('big_mid', 200, 20), // 10 %
      tool('small_zero', 5), // 0 %, a small sample
    ]
    expect(names(sortToolRows(rows, { key: 'failureRate', desc: true }))).toEqual([
      'small_high',
      'big_mid',
      'big_low',
      'small_zero',
    ])
    expect(names(sortToolRows(rows, { key: 'failureRate', desc: false }))).toEqual([
      'small_zero',
      'big_low',
      'big_mid',
      'small_high',
    ])
  })

  it('breaks ties by most calls, then by name; a code column by its count', () => {
    const rows = [tool('b', 10, 0, 2), tool('a', 10, 0, 2), tool('c', 50, 0, 2), tool('d', 5)]
    expect(names(sortToolRows(rows, { key: 'refusedArguments', desc: true }))).toEqual([
      'c',
      'a',
      'b',
      'd',
    ])
    expect(names(sortToolRows(rows, { key: 'refused:arguments', desc: false }))).toEqual([
      'd',
      'c',
      'a',
      'b',
    ])
    expect(names(sortToolRows(rows, { key: 'tool', desc: true }))).toEqual(['d', 'c', 'b', 'a'])
  })

  it('orders any rows so each is in place against the next (property)', () => {
    const row = fc
      .tuple(fc.string({ maxLength: 6 }), fc.nat(30), fc.nat(30), fc.nat(30))
      .map(([name, ok, failed, refused]) => tool(name, ok + failed + refused, failed, refused))
    const key = fc.constantFrom(...TOOL_SORT_KEYS)
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), key, fc.boolean(), (rows, sortKey, desc) => {
        const sorted = sortToolRows(rows, { key: sortKey, desc })
        const text = (list: ToolRow[]) => list.map((r) => JSON.stringify(r)).sort()
        expect(text(sorted)).toEqual(text(rows))
        sorted.slice(1).forEach((next, i) => {
          const before = sorted[i] as ToolRow
          const x = before[sortKey]
          const y = next[sortKey]
          if (x === null) expect(y).toBeNull()
          else if (y !== null && x !== y) {
            const ascending =
              typeof x === 'string' ? compareStrings(x, String(y)) < 0 : x < Number(y)
            expect(ascending).toBe(!desc)
          }
        })
      }),
    )
  })
})
