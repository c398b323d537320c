import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkArguments, explainArguments, type LenientCast } from '.'
import { BOOL, INT, NUM, obj, TEXT } from './test-support/table-rows'

const castsOf = (schema: unknown, args: unknown): Array<[LenientCast, string]> =>
  explainArguments(schema, args).passes.map((p) => [p.cast, p.path])

describe('explainArguments: which lenient cast let a value pass', () => {
  it('names text that does not read as a number, and says the tool will likely refuse it', () => {
    const { mismatches, passes } = explainArguments(obj({ uid: INT }, ['uid']), {
      uid: 'not-a-number',
    })
    expect(mismatches).toEqual([])
    expect(passes).toHaveLength(1)
    expect(passes[0]?.cast).toBe('text-for-number')
    expect(passes[0]?.path).toBe('uid')
    expect(passes[0]?.message).toMatch(/does not read as a number/)
  })

  it('says what a numeric text is read as', () => {
    const [pass] = explainArguments(obj({ uid: INT }), { uid: '5' }).passes
    expect(pass?.message).toMatch(/reads it as the number 5/)
  })

  it.each<[string, unknown, unknown, Array<[LenientCast, string]>]>([
    ['a number for text', obj({ t: TEXT }), { t: 12 }, [['number-for-text', 't']]],
    ['"true" for a boolean', obj({ b: BOOL }), { b: 'true' }, [['value-for-boolean', 'b']]],
    ['1 for a boolean', obj({ b: BOOL }), { b: 1 }, [['value-for-boolean', 'b']]],
    ['5.5 for an integer', obj({ n: INT }), { n: 5.5 }, [['fraction-for-integer', 'n']]],
    [
      'a list for an object',
      obj({ f: { type: 'object' } }),
      { f: [1] },
      [['list-for-object', 'f']],
    ],
    ['null for an optional one', obj({ uid: INT }), { uid: null }, [['null-for-optional', 'uid']]],
    [
      'an enum in another case',
      obj({ table: { type: 'string', enum: ['pages'] } }),
      { table: 'PAGES' },
      [['enum-cast', 'table']],
    ],
    ['text for a list', obj({ l: { type: 'array' } }), { l: 'a' }, [['unnamed-kind', 'l']]],
    ['a boolean for a number', obj({ n: NUM }), { n: true }, [['unnamed-kind', 'n']]],
    [
      'a nested one',
      obj({ f: obj({ uid: INT }) }),
      { f: { uid: '7' } },
      [['text-for-number', 'f.uid']],
    ],
  ])('%s', (_, schema, args, expected) => {
    expect(castsOf(schema, args)).toEqual(expected)
  })

  it.each<[string, unknown, unknown]>([
    ['an integer for an integer', obj({ uid: INT }), { uid: 5 }],
    ['an integer for a number', obj({ n: NUM }), { n: 5 }],
    ['text for text', obj({ t: TEXT }), { t: 'x' }],
    ['null where null is declared', obj({ t: { type: ['string', 'null'] } }), { t: null }],
    [
      'an exact enum member',
      obj({ table: { type: 'string', enum: ['pages'] } }),
      { table: 'pages' },
    ],
    ['no declared type', obj({ x: {} }), { x: [1, 'a'] }],
  ])('notes nothing for %s', (_, schema, args) => {
    expect(castsOf(schema, args)).toEqual([])
  })

  it('finds the same mismatches as checkArguments, on any schema and arguments', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (schema, args) => {
        expect(explainArguments(schema, args).mismatches).toEqual(checkArguments(schema, args))
      }),
      { numRuns: 1_000 },
    )
    const typed = fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(
        fc.constantFrom('a', 'b', 'c'),
        fc.record(
          {
            type: fc.constantFrom('integer', 'string', 'boolean', 'object', 'array'),
            enum: fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 3 }),
          },
          { requiredKeys: ['type'] },
        ),
      ),
      required: fc.array(fc.constantFrom('a', 'b', 'c')),
    })
    fc.assert(
      fc.property(typed, fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.jsonValue()), (s, a) => {
        expect(explainArguments(s, a).mismatches).toEqual(checkArguments(s, a))
      }),
      { numRuns: 1_000 },
    )
  })
})
