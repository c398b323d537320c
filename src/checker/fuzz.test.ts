import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkArguments, checkTurn, type Mismatch } from '.'

const KINDS = new Set(['missing', 'null', 'kind', 'enum', 'additional'])
const KEYWORDS = [
  'type',
  'properties',
  'required',
  'enum',
  'items',
  'additionalProperties',
  'patternProperties',
  'nullable',
  'prefixItems',
  '$ref',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  '__proto__',
  'constructor',
  'toString',
]

/** Every answer keeps the contract: at most ten, known kinds, one-line sentences. */
function expectWellFormed(found: Mismatch[]): void {
  expect(found.length).toBeLessThanOrEqual(10)
  for (const m of found) {
    expect(KINDS.has(m.kind)).toBe(true)
    expect(typeof m.path).toBe('string')
    expect(m.message.length).toBeGreaterThan(0)
    expect(m.message).not.toMatch(/[\n\r\u2028\u2029]/)
  }
}

/** A value nested `depth` levels deep, built without recursion. */
function nest(depth: number, wrap: (inner: unknown) => unknown, core: unknown): unknown {
  let value = core
  for (let i = 0; i < depth; i++) value = wrap(value)
  return value
}

const schemaLike: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom(...KEYWORDS),
      fc.oneof(tie('node'), fc.array(tie('node'), { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })),
      { maxKeys: 5 },
    ),
  ),
})).node

describe('robustness', () => {
  it('never throws on arbitrary JSON as schema and as arguments', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (schema, args) => {
        expectWellFormed(checkArguments(schema, args))
      }),
      { numRuns: 2_000 },
    )
  })

  it('never throws on keyword-shaped schemas with arbitrary arguments', () => {
    fc.assert(
      fc.property(schemaLike, fc.jsonValue(), (schema, args) => {
        expectWellFormed(checkArguments(schema, args))
      }),
      { numRuns: 2_000 },
    )
  })

  it('never throws on arbitrary turns', () => {
    const call = fc.record({ id: fc.string(), name: fc.string(), arguments: fc.jsonValue() })
    const tool = fc.record({ name: fc.string(), parameters: schemaLike })
    fc.assert(
      fc.property(
        fc.array(call, { maxLength: 4 }),
        fc.array(tool, { maxLength: 4 }),
        (calls, offered) => {
          const decision = checkTurn(calls, offered)
          if (!decision.run) expect(decision.answers).toHaveLength(calls.length)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('never throws on values JSON cannot hold', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no')
        },
        ownKeys: () => {
          throw new Error('no')
        },
      },
    )
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    }
    for (const args of [
      undefined,
      () => 1,
      10n,
      Symbol('s'),
      new Map(),
      new Date(0),
      hostile,
      { a: 10n },
      [undefined],
    ]) {
      expectWellFormed(checkArguments(schema, args))
      expectWellFormed(checkArguments(hostile, args))
    }
  })

  it('returns on a schema nested 1,000 levels deep, without judging past its depth bound', () => {
    const deepProps = nest(
      1_000,
      (inner) => ({ type: 'object', properties: { a: inner }, required: ['a'] }),
      { type: 'string' },
    )
    const deepValue = nest(1_000, (inner) => ({ a: inner }), ['not text'])
    expectWellFormed(checkArguments(deepProps, deepValue))
    expectWellFormed(
      checkArguments(
        deepProps,
        nest(1_000, (inner) => ({ a: inner }), {}),
      ),
    )
    const deepItems = nest(1_000, (inner) => ({ type: 'array', items: inner }), { type: 'integer' })
    expectWellFormed(
      checkArguments(
        deepItems,
        nest(100_000, (inner) => [inner], 1),
      ),
    )
    // Found near the top, a mismatch is still named.
    expect(checkArguments(deepProps, { a: 'text' }).map((m) => m.path)).toEqual(['a'])
  })

  it('returns on deep values in enums and previews', () => {
    const deep = nest(100_000, (inner) => [inner], 0)
    expectWellFormed(
      checkArguments(
        { enum: [deep] },
        nest(100_000, (inner) => [inner], 0),
      ),
    )
    const found = checkArguments({ type: 'string' }, deep)
    expect(found[0]?.message.length).toBeLessThan(200)
  })

  it('returns on a schema of about 1 MB', () => {
    const names = Array.from({ length: 15_000 }, (_, i) => `field_${i}`)
    const properties = Object.fromEntries(
      names.map((name) => [
        name,
        { type: 'string', description: `The ${name} of the record, as text.` },
      ]),
    )
    const members = Array.from({ length: 20_000 }, (_, i) => `member-${i}`)
    const schema = {
      type: 'object',
      properties: { ...properties, choice: { type: 'string', enum: members } },
      required: names,
      additionalProperties: false,
    }
    expect(JSON.stringify(schema).length).toBeGreaterThan(1_000_000)
    const valid = Object.fromEntries(names.map((name) => [name, 'x']))
    expect(checkArguments(schema, { ...valid, choice: 'MEMBER-19999' })).toEqual([])
    const found = checkArguments(schema, { choice: 'none', extra: 1 })
    expect(found).toHaveLength(10)
    expectWellFormed(found)
  })
})
