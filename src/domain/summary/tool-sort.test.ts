import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRunSort } from '../runs'
import { DEFAULT_TOOL_SORT, parseToolSort, TOOL_SORT_KEYS, toolSortParams } from './tool-sort'

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
