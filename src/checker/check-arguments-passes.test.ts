import { describe, expect, it } from 'vitest'
import { checkArguments, type MismatchKind } from '.'
import { BOOL, INT, obj, TEXT, type Row } from './test-support/table-rows'

// What passes after a cast, and what the check cannot judge (ADR 246, Decision section).
const passes: Row[] = [
  { sentence: '"5" for an integer', schema: obj({ uid: INT }), args: { uid: '5' }, refuse: [] },
  { sentence: '5.0 for an integer', schema: obj({ uid: INT }), args: { uid: 5.0 }, refuse: [] },
  { sentence: 'a number for text', schema: obj({ t: TEXT }), args: { t: 12 }, refuse: [] },
  { sentence: '"true" for a boolean', schema: obj({ b: BOOL }), args: { b: 'true' }, refuse: [] },
  { sentence: '1 for a boolean', schema: obj({ b: BOOL }), args: { b: 1 }, refuse: [] },
  { sentence: '0 for a boolean', schema: obj({ b: BOOL }), args: { b: 0 }, refuse: [] },
  {
    sentence: 'null for an optional argument',
    schema: obj({ uid: INT }),
    args: { uid: null },
    refuse: [],
  },
  {
    sentence: 'null for an optional enum argument',
    schema: obj({ f: { type: 'string', enum: ['a'] } }),
    args: { f: null },
    refuse: [],
  },
  {
    sentence: 'null for a required one, type list',
    schema: obj({ t: { type: ['string', 'null'] } }, ['t']),
    args: { t: null },
    refuse: [],
  },
  {
    sentence: 'null for a required one, nullable',
    schema: obj({ t: { type: 'string', nullable: true } }, ['t']),
    args: { t: null },
    refuse: [],
  },
  {
    sentence: 'null for a required one, no type',
    schema: obj({ t: {} }, ['t']),
    args: { t: null },
    refuse: [],
  },
  {
    sentence: '2 for an enum of "2"',
    schema: obj({ v: { enum: ['1', '2'] } }),
    args: { v: 2 },
    refuse: [],
  },
  {
    sentence: '"2" for an enum of 2',
    schema: obj({ v: { enum: [1, 2] } }),
    args: { v: '2' },
    refuse: [],
  },
  {
    sentence: 'enum in another letter case',
    schema: obj({ f: { type: 'string', enum: ['image'] } }),
    args: { f: 'IMAGE' },
    refuse: [],
  },
  {
    sentence: 'equal object in enum, keys reordered',
    schema: { enum: [{ a: 1, b: [2] }] },
    args: { b: [2], a: 1 },
    refuse: [],
  },
  {
    sentence: 'a list where an object is declared',
    schema: obj({ titles: { type: 'object' } }),
    args: { titles: ['Home', 'Start'] },
    refuse: [],
  },
  { sentence: 'an empty arguments list', schema: obj({ uid: INT }), args: [], refuse: [] },
  // Kinds the ADR does not name as wrong pass (see isWrongKind).
  {
    sentence: 'a boolean where an object is declared',
    schema: obj({ f: { type: 'object' } }),
    args: { f: true },
    refuse: [],
  },
  {
    sentence: 'a number where an object is declared',
    schema: obj({ f: { type: 'object' } }),
    args: { f: 3 },
    refuse: [],
  },
  {
    sentence: 'text where a list is declared',
    schema: obj({ ids: { type: 'array' } }),
    args: { ids: '1,2' },
    refuse: [],
  },
  {
    sentence: 'text that is no number for an integer',
    schema: obj({ uid: INT }),
    args: { uid: 'abc' },
    refuse: [],
  },
  {
    sentence: 'a fraction for an integer',
    schema: obj({ uid: INT }),
    args: { uid: 5.5 },
    refuse: [],
  },
  {
    sentence: 'a list where null only is declared',
    schema: { type: 'null' },
    args: [1],
    refuse: [],
  },
  {
    sentence: 'a name matched by patternProperties',
    schema: { type: 'object', patternProperties: { '^x_': {} }, additionalProperties: false },
    args: { x_a: 1 },
    refuse: [],
  },
  {
    sentence: 'additionalProperties: true',
    schema: obj({ uid: INT }, [], { additionalProperties: true }),
    args: { uid: 1, any: 2 },
    refuse: [],
  },
  {
    sentence: 'tuple items past the tuple',
    schema: { type: 'array', items: [TEXT] },
    args: ['a', ['free']],
    refuse: [],
  },
  {
    sentence: 'prefixItems is outside the list',
    schema: { prefixItems: [INT] },
    args: [[1]],
    refuse: [],
  },
  {
    sentence: 'invalid pattern never refuses',
    schema: { type: 'object', patternProperties: { '(': {} }, additionalProperties: false },
    args: { a: 1 },
    refuse: [],
  },
  { sentence: 'an empty enum is not judged', schema: { enum: [] }, args: 1, refuse: [] },
  {
    sentence: 'null for a required nullable argument without a type',
    schema: obj({ a: { nullable: true, enum: ['x'] } }, ['a']),
    args: { a: null },
    refuse: [],
  },
  {
    sentence: 'numeric text for a number of an enum, as a cast reads it',
    schema: obj({ a: { type: 'integer', enum: [2, 5] }, b: { enum: [0.5] } }),
    args: { a: ' 5 ', b: '.5' },
    refuse: [],
  },
  {
    sentence: 'boolean casts for the booleans of an enum',
    schema: obj({ a: { enum: [true] }, b: { enum: [false] }, c: { enum: [true] } }),
    args: { a: 'TRUE', b: 0, c: 1 },
    refuse: [],
  },
  {
    sentence: 'a list judged as an object has its positions as names',
    schema: obj({}, ['0', '1']),
    args: ['a', 'b'],
    refuse: [],
  },
  {
    sentence: 'undeclared arguments are free',
    schema: obj({ uid: INT }),
    args: { uid: 1, other: [1] },
    refuse: [],
  },
]

const SKIPPED = ['$ref', 'oneOf', 'anyOf', 'allOf', 'not', 'if'] as const
const notJudged: Row[] = [
  ...SKIPPED.map((keyword) => ({
    sentence: `a node with ${keyword} is skipped whole`,
    schema: obj({ uid: INT }, ['uid', 'page'], {
      additionalProperties: false,
      [keyword]: keyword === '$ref' ? '#/x' : [{}],
    }),
    args: { uid: [1], extra: true },
    refuse: [] as Array<[MismatchKind, string]>,
  })),
  ...SKIPPED.map((keyword) => ({
    sentence: `a nested node with ${keyword} is skipped, its siblings are not`,
    schema: obj({ a: { type: 'integer', [keyword]: {} }, b: INT }),
    args: { a: [1], b: [2] },
    refuse: [['kind', 'b']] as Array<[MismatchKind, string]>,
  })),
  {
    sentence: 'an unknown type name',
    schema: obj({ a: { type: 'uid', enum: [1] } }),
    args: { a: [2] },
    refuse: [],
  },
  {
    sentence: 'an unknown name in a type list',
    schema: { type: ['object', 'map'], required: ['a'] },
    args: {},
    refuse: [],
  },
  { sentence: 'boolean schema true', schema: true, args: null, refuse: [] },
  { sentence: 'boolean schema false', schema: false, args: { a: 1 }, refuse: [] },
  {
    sentence: 'boolean property schema false',
    schema: obj({ a: false }),
    args: { a: 1 },
    refuse: [],
  },
  { sentence: 'boolean items schema false', schema: { items: false }, args: [1], refuse: [] },
  { sentence: 'an empty schema', schema: {}, args: [[{}], null], refuse: [] },
  {
    sentence: 'an empty property schema',
    schema: obj({ a: {} }),
    args: { a: { deep: [] } },
    refuse: [],
  },
  {
    sentence: 'unknown keywords',
    schema: obj({ a: { format: 'uid', minimum: 10, const: 1, 'x-kind': 'y' } }),
    args: { a: 3 },
    refuse: [],
  },
  { sentence: 'no schema at all', schema: undefined, args: { a: 1 }, refuse: [] },
]

describe('checkArguments: what passes', () => {
  it.each(passes)('$sentence', ({ schema, args }) => {
    expect(checkArguments(schema, args)).toEqual([])
  })
})

describe('checkArguments: what is not judged', () => {
  it.each(notJudged)('$sentence', ({ schema, args, refuse }) => {
    expect(checkArguments(schema, args).map((m) => [m.kind, m.path])).toEqual(refuse)
  })
})
