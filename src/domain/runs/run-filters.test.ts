import { describe, expect, it } from 'vitest'
import { createScope, narrowScope } from '../summary'
import { parseRunListFilters } from './run-filters'

describe('after/before: an instant window inside the days', () => {
  it('reads two ordered RFC 3339 instants', () => {
    const parsed = parseRunListFilters({
      after: '2026-10-22T09:00:00.000Z',
      before: '2026-11-05T09:00:00+00:00',
    })
    expect(parsed.within).toEqual({
      startMs: Date.UTC(2026, 9, 22, 9),
      endMs: Date.UTC(2026, 10, 5, 9),
    })
    expect(parsed.ignored).toEqual([])
  })

  it('ignores a bad or reversed pair with a line, and keeps whole days', () => {
    for (const raw of [
      { after: 'yesterday' },
      { after: '2026-11-05T09:00:00Z', before: '2026-11-01T00:00:00Z' },
    ]) {
      const parsed = parseRunListFilters(raw)
      expect(parsed.within).toBeNull()
      expect(parsed.ignored).toHaveLength(1)
    }
  })

  it('narrows the counted range of a scope, never widens it', () => {
    const scope = createScope({ from: '2026-11-05', to: '2026-11-05', tz: 'UTC', tools: [] })
    const narrowed = narrowScope(scope, {
      startMs: Date.UTC(2026, 10, 5, 9),
      endMs: Date.UTC(2026, 10, 9),
    })
    expect(narrowed.buckets.startMs).toBe(Date.UTC(2026, 10, 5, 9))
    expect(narrowed.buckets.endMs).toBe(Date.UTC(2026, 10, 6))
    expect(narrowScope(scope, null)).toBe(scope)
  })
})
