import { describe, expect, it } from 'vitest'
import { checkArguments } from '.'
import { BOOL, INT, NUM, obj, TEXT, type Row } from './test-support/table-rows'

// The refuse list of ADR 246's Decision section, sentence by sentence.
const refused: Row[] = [
  // "a missing required argument, or null for one whose schema declares types without null"
  {
    sentence: 'missing required',
    schema: obj({ uid: INT }, ['uid']),
    args: {},
    refuse: [['missing', 'uid']],
  },
  {
    sentence: 'missing required, undeclared',
    schema: obj({}, ['page']),
    args: { x: 1 },
    refuse: [['missing', 'page']],
  },
  {
    sentence: 'null for required integer',
    schema: obj({ uid: INT }, ['uid']),
    args: { uid: null },
    refuse: [['null', 'uid']],
  },
  {
    sentence: 'null where type list lacks null',
    schema: obj({ a: { type: ['string', 'integer'] } }, ['a']),
    args: { a: null },
    refuse: [['null', 'a']],
  },
  {
    sentence: 'null for the arguments object',
    schema: obj({}),
    args: null,
    refuse: [['null', '']],
  },
  {
    sentence: 'null list item',
    schema: obj({ ids: { type: 'array', items: INT } }),
    args: { ids: [1, null] },
    refuse: [['null', 'ids[1]']],
  },
  // "a list or an object where text, a number or a boolean is declared"
  {
    sentence: 'list for text',
    schema: obj({ title: TEXT }),
    args: { title: ['a'] },
    refuse: [['kind', 'title']],
  },
  {
    sentence: 'list for integer',
    schema: obj({ uid: INT }),
    args: { uid: [1] },
    refuse: [['kind', 'uid']],
  },
  {
    sentence: 'list for number',
    schema: obj({ n: NUM }),
    args: { n: [] },
    refuse: [['kind', 'n']],
  },
  {
    sentence: 'list for boolean',
    schema: obj({ b: BOOL }),
    args: { b: [true] },
    refuse: [['kind', 'b']],
  },
  {
    sentence: 'object for text',
    schema: obj({ title: TEXT }),
    args: { title: { de: 'x' } },
    refuse: [['kind', 'title']],
  },
  {
    sentence: 'object for integer',
    schema: obj({ uid: INT }),
    args: { uid: { id: 1 } },
    refuse: [['kind', 'uid']],
  },
  {
    sentence: 'object for boolean',
    schema: obj({ b: BOOL }),
    args: { b: {} },
    refuse: [['kind', 'b']],
  },
  {
    sentence: 'list for text or null',
    schema: obj({ t: { type: ['string', 'null'] } }),
    args: { t: [1] },
    refuse: [['kind', 't']],
  },
  // "an object where a list is declared"
  {
    sentence: 'object for list',
    schema: obj({ ids: { type: 'array' } }),
    args: { ids: { a: 1 } },
    refuse: [['kind', 'ids']],
  },
  // "text where an object is declared"
  {
    sentence: 'text for object',
    schema: obj({ fields: { type: 'object' } }),
    args: { fields: '{"a":1}' },
    refuse: [['kind', 'fields']],
  },
  {
    sentence: 'text for the arguments object',
    schema: obj({}),
    args: '{"uid":1}',
    refuse: [['kind', '']],
  },
  // "a value outside an enum"
  {
    sentence: 'outside enum',
    schema: obj({ field: { type: 'string', enum: ['image', 'media'] } }),
    args: { field: 'video' },
    refuse: [['enum', 'field']],
  },
  {
    sentence: 'outside numeric enum',
    schema: obj({ n: { enum: [1, 2] } }),
    args: { n: 3 },
    refuse: [['enum', 'n']],
  },
  {
    sentence: 'null outside an untyped enum',
    schema: obj({ n: { enum: ['a'] } }, ['n']),
    args: { n: null },
    refuse: [['enum', 'n']],
  },
  {
    sentence: 'object outside enum of objects',
    schema: { enum: [{ a: 1 }] },
    args: { a: 2 },
    refuse: [['enum', '']],
  },
  // "an argument the schema excludes with additionalProperties: false"
  {
    sentence: 'additional argument',
    schema: obj({ uid: INT }, [], { additionalProperties: false }),
    args: { uid: 1, titel: 'x' },
    refuse: [['additional', 'titel']],
  },
  {
    sentence: 'additional without properties',
    schema: { type: 'object', additionalProperties: false },
    args: { a: 1 },
    refuse: [['additional', 'a']],
  },
  {
    sentence: 'additional not matched by patternProperties',
    schema: { type: 'object', patternProperties: { '^x_': {} }, additionalProperties: false },
    args: { x_a: 1, y: 2 },
    refuse: [['additional', 'y']],
  },
  // "It recurses into properties and items."
  {
    sentence: 'nested property',
    schema: obj({ fields: obj({ title: TEXT }, ['title']) }),
    args: { fields: { title: [1] } },
    refuse: [['kind', 'fields.title']],
  },
  {
    sentence: 'nested missing',
    schema: obj({ fields: obj({ title: TEXT }, ['title']) }),
    args: { fields: {} },
    refuse: [['missing', 'fields.title']],
  },
  {
    sentence: 'items',
    schema: obj({ items: { type: 'array', items: obj({ uid: INT }, ['uid']) } }),
    args: { items: [{ uid: 1 }, { uid: 2 }, { uid: {} }] },
    refuse: [['kind', 'items[2].uid']],
  },
  {
    sentence: 'items without type',
    schema: { items: INT },
    args: [1, [2]],
    refuse: [['kind', '[1]']],
  },
  {
    sentence: 'tuple items position by position',
    schema: { type: 'array', items: [TEXT, INT] },
    args: ['a', ['b']],
    refuse: [['kind', '[1]']],
  },
  {
    sentence: 'object-form items after prefixItems',
    schema: { prefixItems: [{}], items: INT },
    args: [[1], [2]],
    refuse: [['kind', '[1]']],
  },
  {
    sentence: 'list judged as the declared object',
    schema: obj({ uid: INT }, ['uid']),
    args: [],
    refuse: [['missing', 'uid']],
  },
  {
    sentence: 'required is judged without a type',
    schema: { required: ['a'] },
    args: {},
    refuse: [['missing', 'a']],
  },
  {
    sentence: 'several at once',
    schema: obj({ a: INT, b: TEXT }, ['a', 'c'], { additionalProperties: false }),
    args: { b: {}, d: 1 },
    refuse: [
      ['missing', 'a'],
      ['missing', 'c'],
      ['kind', 'b'],
      ['additional', 'd'],
    ],
  },
  // A tool reading arguments that are not an object finds none of its required ones.
  {
    sentence: 'missing required, arguments a number',
    schema: obj({ uid: INT }, ['uid']),
    args: 7,
    refuse: [['missing', 'uid']],
  },
  {
    sentence: 'missing required, arguments a boolean',
    schema: obj({ uid: INT }, ['uid']),
    args: true,
    refuse: [['missing', 'uid']],
  },
  {
    sentence: 'missing required inside a number sent for an object',
    schema: obj({ fields: obj({ title: TEXT }, ['title']) }, ['fields']),
    args: { fields: 5 },
    refuse: [['missing', 'fields.title']],
  },
  {
    sentence: 'missing required, no arguments and no type',
    schema: { properties: { uid: INT }, required: ['uid'] },
    args: undefined,
    refuse: [['missing', 'uid']],
  },
  {
    sentence: 'a list judged as an object has only its positions as names',
    schema: obj({ length: INT }, ['length', '0', '1']),
    args: ['a'],
    refuse: [
      ['missing', 'length'],
      ['missing', '["1"]'],
    ],
  },
  {
    sentence: 'a name listed twice in required is one mismatch',
    schema: obj({}, ['a', 'b', 'a', 'a']),
    args: {},
    refuse: [
      ['missing', 'a'],
      ['missing', 'b'],
    ],
  },
  // "a value outside an enum": only a cast's reading passes (see the passes table).
  {
    sentence: 'hex text is not the number of an enum',
    schema: obj({ v: { type: 'integer', enum: [16] }, w: { type: 'string', enum: ['2'] } }),
    args: { v: '0x10', w: '0x2' },
    refuse: [
      ['enum', 'v'],
      ['enum', 'w'],
    ],
  },
  {
    sentence: 'a numeric text is not another text of an enum',
    schema: obj({ v: { type: 'string', enum: ['2'] } }),
    args: { v: ' +2.0 ' },
    refuse: [['enum', 'v']],
  },
  {
    sentence: 'boolean casts only meet boolean members',
    schema: obj({
      a: { type: 'string', enum: ['true'] },
      b: { type: 'string', enum: ['false', 'auto'] },
      c: { type: 'integer', enum: [1, 2] },
    }),
    args: { a: 1, b: 0, c: 'true' },
    refuse: [
      ['enum', 'a'],
      ['enum', 'b'],
      ['enum', 'c'],
    ],
  },
]

describe('checkArguments: what is refused', () => {
  it.each(refused)('$sentence', ({ schema, args, refuse }) => {
    const found = checkArguments(schema, args).map((m) => [m.kind, m.path])
    expect(found).toEqual(refuse)
  })
})

describe('checkArguments: limits', () => {
  it('names at most ten mismatches', () => {
    const required = Array.from({ length: 25 }, (_, i) => `a${i}`)
    const found = checkArguments({ type: 'object', required }, {})
    expect(found).toHaveLength(10)
    expect(found.map((m) => m.path)).toEqual(required.slice(0, 10))
  })

  it('caps mismatches found in items too', () => {
    const found = checkArguments(
      { items: INT },
      Array.from({ length: 50 }, () => [1]),
    )
    expect(found.map((m) => m.path)).toEqual(Array.from({ length: 10 }, (_, i) => `[${i}]`))
  })

  it('reuses a schema object without changing the answer', () => {
    const schema = obj({ uid: INT }, ['uid'])
    expect(checkArguments(schema, {})).toHaveLength(1)
    expect(checkArguments(schema, { uid: 1 })).toEqual([])
    expect(checkArguments(schema, {})).toHaveLength(1)
  })
})

describe('a name listed twice in required', () => {
  it('is reported once', () => {
    const found = checkArguments({ type: 'object', required: ['a', 'a'] }, {})
    expect(found.map((m) => [m.kind, m.path])).toEqual([['missing', 'a']])
  })
})
