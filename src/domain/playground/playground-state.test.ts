import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  MAX_CALLS,
  MAX_LINK_TEXT,
  holdsPlaygroundCase,
  parsePlayground,
  playgroundToSearch,
  type PlaygroundState,
} from './playground-state'

const known = ['update_page_metadata', 'get_page_content']

describe('parsePlayground', () => {
  it('gives the defaults for a link without playground params', () => {
    expect(parsePlayground({ from: '2026-11-01' }, known)).toEqual({
      state: { mode: 'call', tool: null, args: null, calls: [] },
      ignored: [],
    })
  })

  it('reads an emptied arguments box back as empty, not as no arguments named', () => {
    const state: PlaygroundState = { mode: 'call', tool: 'get_page_content', args: '', calls: [] }
    const { search } = playgroundToSearch(state)
    expect(search).toEqual({ check: 'get_page_content', args: '' })
    expect(parsePlayground(search, known)).toEqual({ state, ignored: [] })
  })

  it('round-trips any case through its search params', () => {
    const call = fc.record({ tool: fc.constantFrom(...known), args: fc.string({ maxLength: 50 }) })
    fc.assert(
      fc.property(
        fc.record({
          mode: fc.constantFrom('call' as const, 'turn' as const),
          tool: fc.option(fc.constantFrom(...known)),
          args: fc.option(fc.string({ maxLength: 50 })),
          calls: fc.array(call, { maxLength: MAX_CALLS }),
        }),
        (state) => {
          expect(parsePlayground(playgroundToSearch(state).search, known).state).toEqual(state)
        },
      ),
    )
  })

  it('reads a shared case back exactly', () => {
    const state: PlaygroundState = {
      mode: 'turn',
      tool: 'update_page_metadata',
      args: '{\n  "uid": "5"\n}',
      calls: [
        { tool: 'update_page_metadata', args: '{"title": "x"}' },
        { tool: 'get_page_content', args: '' },
      ],
    }
    const { search, omitted } = playgroundToSearch(state)
    expect(omitted).toEqual([])
    expect(parsePlayground(search, known)).toEqual({ state, ignored: [] })
  })

  it('falls back on bad, unknown and oversized values with one line each', () => {
    const long = 'x'.repeat(MAX_LINK_TEXT + 1)
    const { state, ignored } = parsePlayground(
      {
        mode: 'sideways',
        check: '<script>alert(1)</script>',
        args: long,
        call: ['nope\n{}', `get_page_content\n${long}`, 'get_page_content\n{}'],
      },
      known,
    )
    expect(state).toEqual({
      mode: 'call',
      tool: null,
      args: null,
      calls: [{ tool: 'get_page_content', args: '{}' }],
    })
    expect(ignored).toEqual([
      'Ignored mode=sideways: not one of call, turn',
      'Ignored check=<script>alert(1)</script>: no tool of that name',
      'Ignored args: 4,001 characters, more than the 4,000 a link carries',
      'Ignored call 1: no tool named nope',
      'Ignored call 2: 4,001 characters, more than the 4,000 a link carries',
    ])
  })

  it('keeps unknown names while the catalogue is not loaded, and caps the calls', () => {
    const calls = Array.from({ length: MAX_CALLS + 2 }, () => 'anything\n{}')
    const { state, ignored } = parsePlayground({ check: 'anything', call: calls }, null)
    expect(state.tool).toBe('anything')
    expect(state.calls).toHaveLength(MAX_CALLS)
    expect(ignored).toHaveLength(2)
  })

  it('never throws on any search record', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('mode', 'check', 'args', 'call', 'x'),
          fc.oneof(fc.string(), fc.array(fc.string()), fc.anything()),
        ),
        (raw) => {
          const { state } = parsePlayground(raw, known)
          expect(['call', 'turn']).toContain(state.mode)
          expect(state.calls.length).toBeLessThanOrEqual(MAX_CALLS)
        },
      ),
    )
  })

  it('leaves texts too long for a link out of the link and says so', () => {
    const { search, omitted } = playgroundToSearch({
      mode: 'call',
      tool: 'get_page_content',
      args: 'x'.repeat(MAX_LINK_TEXT + 1),
      calls: [],
    })
    expect(search).toEqual({ check: 'get_page_content' })
    expect(omitted).toEqual(['the arguments'])
  })
})

describe('hostile tool names in a link', () => {
  it('round-trips names with line breaks, brackets and 10,000 characters', () => {
    const names = ['line one\r\nline two\nline three', '["a","b"]', '[x', 'x'.repeat(10_000)]
    const state = {
      mode: 'turn' as const,
      tool: names[3] ?? null,
      args: '{}',
      calls: names.map((tool) => ({ tool, args: '{"uid": 1}' })),
    }
    const back = parsePlayground(playgroundToSearch(state).search, names)
    expect(back.ignored).toEqual([])
    expect(back.state).toEqual(state)
  })
})

describe('holdsPlaygroundCase', () => {
  it('is false for a link of the shared filters only', () => {
    expect(holdsPlaygroundCase({})).toBe(false)
    expect(holdsPlaygroundCase({ preset: '30d', tz: 'UTC', tool: ['a'] })).toBe(false)
  })

  it('is true for every playground key, whatever its value, an unknown tool included', () => {
    expect(holdsPlaygroundCase({ check: 'no_such_tool' })).toBe(true)
    expect(holdsPlaygroundCase({ args: '' })).toBe(true)
    expect(holdsPlaygroundCase({ mode: 'sideways' })).toBe(true)
    expect(holdsPlaygroundCase({ call: ['a\n{}', 'b\n{}'] })).toBe(true)
  })

  it('does not read inherited keys', () => {
    expect(holdsPlaygroundCase(Object.create({ check: 'x' }) as Record<string, unknown>)).toBe(
      false,
    )
  })
})
