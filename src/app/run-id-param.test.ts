import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRunId, stringifyRunId } from './run-id-param'

// Any UTF-16 code units, lone surrogates included.
const units = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
})

describe('run id path parameter', () => {
  it('reads back every id exactly, and always gives text a URL can carry', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          units,
          units.map((s) => `~u16~${s}`),
        ),
        (uuid) => {
          const param = stringifyRunId(uuid)
          expect(() => encodeURIComponent(param)).not.toThrow()
          expect(parseRunId(param)).toBe(uuid)
        },
      ),
    )
  })

  it('leaves ordinary ids as they are', () => {
    expect(stringifyRunId('5e869af6-804b-4278-b209-0a6230fd014c')).toBe(
      '5e869af6-804b-4278-b209-0a6230fd014c',
    )
    expect(stringifyRunId('lone\uD800')).toBe('~u16~006c006f006e0065d800')
    expect(parseRunId('~u16~zz')).toBe('~u16~zz')
  })
})
