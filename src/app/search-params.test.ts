import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch, validateUrlSearch } from './search-params'

describe('search params', () => {
  it('keeps repeated keys as arrays and single ones as strings', () => {
    expect(parseSearch('?from=2026-09-01&tool=a&tool=b%20c')).toEqual({
      from: '2026-09-01',
      tool: ['a', 'b c'],
    })
  })

  it('round-trips any string values', () => {
    const value = fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 2, maxLength: 4 }))
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), value), (search) => {
        expect(parseSearch(stringifySearch(search))).toEqual(validateUrlSearch(search))
      }),
    )
  })

  it('round-trips values with lone surrogates, which URL text cannot carry', () => {
    // Any UTF-16 code units, lone surrogates included (a hostile MCP tool name).
    const units = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
    })
    const text = fc.oneof(
      units,
      units.map((s) => `~u16~${s}`),
    )
    const value = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 4 }))
    const key = fc.oneof(fc.constantFrom('tool', 'outcome'), fc.string({ minLength: 1 }))
    fc.assert(
      fc.property(fc.dictionary(key, value), (search) => {
        expect(parseSearch(stringifySearch(search))).toEqual(validateUrlSearch(search))
      }),
    )
    const names = ['lone\uD800high', '\uDC00lone-low', 'ok']
    const written = stringifySearch({ tool: names })
    expect(written).toBe(
      '?tool=%7Eu16%7E006c006f006e0065d800006800690067' +
        '0068&tool=%7Eu16%7Edc00006c006f006e0065002d006c006f0077&tool=ok',
    )
    expect(parseSearch(written).tool).toEqual(names)
  })

  it('leaves a ~u16~ value that is not hex code units as it is', () => {
    expect(parseSearch('?tool=~u16~zz&tool=~u16~123')).toEqual({ tool: ['~u16~zz', '~u16~123'] })
  })

  it('treats prototype names as plain keys', () => {
    const parsed = parseSearch('?__proto__=x&constructor=y&constructor=z')
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor'])
    expect(parsed.constructor).toEqual(['y', 'z'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('drops values that are not strings', () => {
    expect(validateUrlSearch({ a: 1, b: ['x', 2], c: { d: 1 }, e: 'ok' })).toEqual({
      b: ['x'],
      e: 'ok',
    })
  })
})
