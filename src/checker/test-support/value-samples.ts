/**
 * Argument values for the soundness property, aimed at a generated schema: fitting ones, near
 * misses (other letter case, numbers as text, null, missing and extra names, lists for objects)
 * and wild ones. Drawn from a seed in plain code, which is far cheaper than building fast-check
 * arbitraries for every generated schema.
 */
type Json = unknown

const WILD: Json[] = [
  null,
  [],
  [1, 'a'],
  [null],
  {},
  { a: 1 },
  { uid: [] },
  '',
  'text',
  '5',
  '5.0',
  'true',
  'IMAGE',
  'media',
  '2',
  5,
  5.0,
  5.5,
  2,
  1,
  0,
  -1,
  true,
  false,
  'x_1',
  [{ uid: 1 }],
]

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A small seeded generator (mulberry32); the same seed gives the same values. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number

const pick = <T>(random: Random, list: readonly T[]): T | undefined =>
  list[Math.floor(random() * list.length)]

/** Picks an index by weight. */
function weighted(random: Random, weights: readonly number[]): number {
  let r = random() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] ?? 0
    if (r < 0) return i
  }
  return 0
}

/** An argument value aimed at `schema`: fitting ones, near misses and wild ones. */
export function sampleValue(schema: Json, random: Random, depth = 3): Json {
  if (!isRecord(schema) || depth <= 0) return pick(random, WILD)
  const members = Array.isArray(schema.enum) ? (schema.enum as Json[]) : []
  const keys = new Set<string>([
    ...(isRecord(schema.properties) ? Object.keys(schema.properties) : []),
    ...(Array.isArray(schema.required)
      ? schema.required.filter((k): k is string => typeof k === 'string')
      : []),
  ])
  const objectLike = keys.size > 0 || schema.additionalProperties !== undefined
  const weights = [
    2,
    1,
    members.length > 0 ? 3 : 0,
    objectLike ? 6 : 0,
    schema.items !== undefined ? 4 : 0,
  ]
  switch (weighted(random, weights)) {
    case 1:
      return null
    case 2:
      return enumVariant(pick(random, members), random)
    case 3:
      return sampleObject(schema, [...keys], random, depth)
    case 4:
      return sampleList(schema.items, random, depth)
    default:
      return pick(random, WILD)
  }
}

/** An enum member as sent, or in another letter case, or as a number or as text. */
function enumVariant(member: Json, random: Random): Json {
  const r = random()
  if (typeof member === 'string')
    return r < 0.4 ? member : r < 0.7 ? member.toUpperCase() : Number(member)
  if (typeof member === 'number') return r < 0.5 ? member : String(member)
  return member
}

function sampleObject(
  schema: Record<string, Json>,
  keys: string[],
  random: Random,
  depth: number,
): Json {
  const properties = isRecord(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required) ? schema.required : []
  const out: Record<string, Json> = {}
  for (const key of keys) {
    const r = random()
    const sendRate = required.includes(key) ? 0.75 : 0.5
    if (r < sendRate) out[key] = sampleValue(properties[key], random, depth - 1)
    else if (r < sendRate + 0.12) out[key] = null
  }
  for (const extra of ['zz', 'x_9', '12']) if (random() < 0.15) out[extra] = 1
  // Now and then the object arrives as a PHP list would: its values in a JSON array.
  return random() < 0.1 ? Object.values(out) : out
}

function sampleList(items: Json, random: Random, depth: number): Json {
  const length = Math.floor(random() * 4)
  if (Array.isArray(items)) {
    const list = items as Json[]
    const tupleLength = Math.min(list.length, Math.floor(random() * (list.length + 1)) + 1)
    const out = list.slice(0, tupleLength).map((item) => sampleValue(item, random, depth - 1))
    for (let i = 0; i < length - 2; i++) out.push(pick(random, WILD))
    return out
  }
  return Array.from({ length }, () => sampleValue(items, random, depth - 1))
}
