/**
 * fast-check generators for the soundness property: JSON Schemas that use every keyword the
 * ADR 246 check reads or skips (values aimed at them come from value-samples.ts), and their
 * translation for Ajv's draft 2020-12.
 */
import fc from 'fast-check'

type Json = unknown
type Schema = Record<string, Json> | boolean

const KEYS = ['uid', 'title', 'fields', 'a', 'b', 'x_1', '7'] as const
const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const
const ENUM_POOL: Json[] = [
  'image',
  'Media',
  '2',
  2,
  0,
  1,
  5.5,
  true,
  false,
  null,
  'TRUE',
  { a: 1 },
  [1],
]
const PATTERNS = ['^x_', '^[0-9]+$', 'i', '^$'] as const

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `arbitrary` in `percent` of the draws, otherwise undefined (the keyword is left out). */
const maybe = <T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | undefined> =>
  fc.oneof(
    { weight: 100 - percent, arbitrary: fc.constant(undefined) },
    { weight: percent, arbitrary },
  )

const typeArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...TYPES) },
  // Unions, most of them with null (a nullable MCP parameter).
  {
    weight: 2,
    arbitrary: fc.constantFrom(...TYPES).map((t) => (t === 'null' ? ['null'] : [t, 'null'])),
  },
  {
    weight: 1,
    arbitrary: fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
  },
)

const schemaCache = new Map<number, fc.Arbitrary<Schema>>()

/** Schemas nested up to `depth` levels below this one. */
export function schemaArb(depth: number): fc.Arbitrary<Schema> {
  const known = schemaCache.get(depth)
  if (known !== undefined) return known
  const child: fc.Arbitrary<Schema> =
    depth <= 0
      ? fc.constantFrom<Schema>(
          true,
          false,
          {},
          { type: 'string' },
          { type: 'integer' },
          { enum: ['a', 2] },
        )
      : schemaArb(depth - 1)
  const keyword = fc.record({
    type: maybe(typeArb, 70),
    nullable: maybe(fc.constant(true), 15),
    enum: maybe(fc.uniqueArray(fc.constantFrom(...ENUM_POOL), { minLength: 1, maxLength: 4 }), 15),
    properties: maybe(fc.dictionary(fc.constantFrom(...KEYS), child, { maxKeys: 4 }), 50),
    required: maybe(fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }), 40),
    additionalProperties: maybe(fc.oneof(fc.constant(false), fc.constant(true), child), 35),
    patternProperties: maybe(
      fc.dictionary(fc.constantFrom(...PATTERNS), child, { maxKeys: 2 }),
      15,
    ),
    items: maybe(
      fc.oneof(
        { weight: 3, arbitrary: child },
        { weight: 1, arbitrary: fc.array(child, { minLength: 1, maxLength: 3 }) },
      ),
      30,
    ),
    skipped: maybe(skippedArb(child), 10),
    unknown: maybe(
      fc.constantFrom<Record<string, Json>>(
        { description: 'd' },
        { minimum: 1 },
        { minLength: 2 },
        { 'x-vendor': [1] },
        { default: 3, title: 't' },
      ),
      20,
    ),
  })
  const node = keyword.map(({ skipped, unknown, ...rest }) => {
    const schema: Record<string, Json> = { ...unknown, ...skipped }
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) schema[key] = value
    // Ajv refuses to compile nullable without a type; such schemas would only be skipped.
    if (schema.type === undefined) delete schema.nullable
    // Aim required at declared properties too, so null and kind rules meet required names.
    const first = isRecord(schema.properties) ? Object.keys(schema.properties)[0] : undefined
    if (Array.isArray(schema.required) && first !== undefined && !schema.required.includes(first)) {
      schema.required = [...(schema.required as Json[]), first]
    }
    return schema
  })
  const arb = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom<Schema>(true, false, {}) },
    { weight: 12, arbitrary: node },
  )
  schemaCache.set(depth, arb)
  return arb
}

function skippedArb(child: fc.Arbitrary<Schema>): fc.Arbitrary<Record<string, Json>> {
  const some = fc.array(child, { minLength: 1, maxLength: 2 })
  const judgedByAjv: Array<fc.Arbitrary<Record<string, Json>>> = [
    fc.constant({ $ref: '#' }),
    some.map((list) => ({ oneOf: list })),
    some.map((list) => ({ anyOf: list })),
    some.map((list) => ({ allOf: list })),
    child.map((not) => ({ not })),
    fc.tuple(child, child).map(([cond, then]) => ({ if: cond, then })),
  ]
  return fc.oneof(
    ...judgedByAjv.map((arbitrary) => ({ weight: 4, arbitrary })),
    // Ajv cannot compile an unknown type name, so these pairs count as skipped: keep them rare.
    { weight: 1, arbitrary: fc.constant({ type: 'uid' }) },
  )
}

/**
 * The same schema for Ajv's draft 2020-12: tuple-form `items` (an array of schemas, the
 * draft-2019 spelling) becomes `prefixItems`, which means the same. Other nodes are copied.
 */
export function toDraft2020(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toDraft2020)
  if (!isRecord(schema)) return schema
  const out: Record<string, Json> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'default') out[key] = value
    else if (key === 'items' && Array.isArray(value)) out.prefixItems = value.map(toDraft2020)
    else out[key] = toDraft2020(value)
  }
  return out
}
