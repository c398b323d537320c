import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromUrlText, toUrlText } from './code-units'

// Any UTF-16 code units, lone surrogates included.
const units = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
})

describe('text in a URL', () => {
  it('reads back every text exactly, and always gives text a URL can carry', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          units,
          units.map((s) => `~u16~${s}`),
        ),
        (text) => {
          const value = toUrlText(text)
          expect(() => encodeURIComponent(value)).not.toThrow()
          expect(new URLSearchParams([['k', value]]).get('k')).toBe(value)
          expect(fromUrlText(value)).toBe(text)
        },
      ),
    )
  })

  it('leaves ordinary text as it is', () => {
    expect(toUrlText('5e869af6-804b-4278-b209-0a6230fd014c')).toBe(
      '5e869af6-804b-4278-b209-0a6230fd014c',
    )
    expect(toUrlText('lone\uD800')).toBe('~u16~006c006f006e0065d800')
    expect(fromUrlText('~u16~zz')).toBe('~u16~zz')
  })
})
