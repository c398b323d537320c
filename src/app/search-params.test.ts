import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch, validateRawSearch } from './search-params'

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
        expect(parseSearch(stringifySearch(search))).toEqual(validateRawSearch(search))
      }),
    )
  })

  it('treats prototype names as plain keys', () => {
    const parsed = parseSearch('?__proto__=x&constructor=y&constructor=z')
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor'])
    expect(parsed.constructor).toEqual(['y', 'z'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('drops values that are not strings', () => {
    expect(validateRawSearch({ a: 1, b: ['x', 2], c: { d: 1 }, e: 'ok' })).toEqual({
      b: ['x'],
      e: 'ok',
    })
  })
})
