import { describe, expect, it } from 'vitest'
import { parseEffectQuery } from './effect-params'

const parse = (query: string) => parseEffectQuery(new URLSearchParams(query))
const W = 'from=2026-11-01T00:00:00Z&decision=2026-11-15T09:12:33.123Z&to=2026-11-29T00:00:00Z'

describe('the query of GET /effect', () => {
  it('takes windows cut at any millisecond, and tools', () => {
    expect(parse(`${W}&tool=a&tool=__proto__`)).toEqual({
      ok: true,
      from: Date.parse('2026-11-01T00:00:00Z'),
      decision: Date.parse('2026-11-15T09:12:33.123Z'),
      to: Date.parse('2026-11-29T00:00:00Z'),
      tools: ['a', '__proto__'],
    })
    expect(
      parse('from=2026-11-01T00:00:00Z&decision=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z').ok,
    ).toBe(true)
  })

  it.each([
    ['', /required/],
    ['from=2026-11-01T00:00:00Z&to=2026-11-29T00:00:00Z', /required/],
    ['from=2026-11-01&decision=2026-11-15T00:00:00Z&to=2026-11-29T00:00:00Z', /RFC 3339/],
    ['from=2026-11-16T00:00:00Z&decision=2026-11-15T00:00:00Z&to=2026-11-29T00:00:00Z', /after/],
    ['from=2026-11-01T00:00:00Z&decision=2026-11-01T00:00:00Z&to=2026-11-01T00:00:00Z', /before/],
    ['from=2024-01-01T00:00:00Z&decision=2026-11-15T00:00:00Z&to=2026-11-29T00:00:00Z', /366 days/],
    ['from=2026-11-01T00:00:00Z&decision=2026-11-15T00:00:00Z&to=9999-12-31T00:00:00Z', /366 days/],
    [`${W}&decision=2026-11-16T00:00:00Z`, /only once/],
  ])('refuses %j with a sentence that says why', (query, message) => {
    const parsed = parse(query)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.message).toMatch(message)
  })
})
