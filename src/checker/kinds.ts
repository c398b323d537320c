/**
 * JSON kinds as bits, so a declared type list is one number and the ADR's kind rules are
 * mask tests on the hot path.
 */
export const T_STRING = 1
export const T_NUMBER = 2
export const T_INTEGER = 4
export const T_BOOLEAN = 8
export const T_OBJECT = 16
export const T_ARRAY = 32
export const T_NULL = 64
/** Text, a number or a boolean: what "a list or an object" is refused against. */
export const T_SCALAR = T_STRING | T_NUMBER | T_INTEGER | T_BOOLEAN
/** Marks a `type` the check cannot read; the node is then skipped whole. */
export const T_UNKNOWN = -1

// A Map, not an object literal: a type named "constructor" must not find Object.prototype.
const TYPE_BITS = new Map<unknown, number>([
  ['string', T_STRING],
  ['number', T_NUMBER],
  ['integer', T_INTEGER],
  ['boolean', T_BOOLEAN],
  ['object', T_OBJECT],
  ['array', T_ARRAY],
  ['null', T_NULL],
])

/**
 * Reads a `type` keyword into bits. Missing (`undefined`) or an empty list gives 0 (nothing
 * declared); an unknown name, or anything but a name or a list of names, gives T_UNKNOWN.
 */
export function parseType(type: unknown): number {
  if (type === undefined) return 0
  if (typeof type === 'string') return TYPE_BITS.get(type) ?? T_UNKNOWN
  if (!Array.isArray(type)) return T_UNKNOWN
  let bits = 0
  for (const name of type as unknown[]) {
    const bit = TYPE_BITS.get(name)
    if (bit === undefined) return T_UNKNOWN
    bits |= bit
  }
  return bits
}

/** The kind bit of a value; 0 for null, undefined and anything JSON cannot hold. */
export function kindOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return T_STRING
    case 'number':
      return T_NUMBER
    case 'boolean':
      return T_BOOLEAN
    case 'object':
      if (value === null) return 0
      return Array.isArray(value) ? T_ARRAY : T_OBJECT
    default:
      return 0
  }
}

/**
 * True when the ADR names a value of `kind` wrong for the `declared` types: a list or an object
 * where only text, a number or a boolean is declared, an object where a list is declared, text
 * where an object is declared. Nothing declared (0) is never wrong.
 *
 * Every other pairing passes on purpose: a number for text, "5" for an integer, "true"/1/0 for a
 * boolean and a list for an object are what tools read after a cast, and the kinds the ADR does
 * not name (a boolean or number where an object is declared, text where a list is declared, …)
 * are not refused because the ADR does not name them — the check invents no refusals.
 */
export function isWrongKind(kind: number, declared: number): boolean {
  if (declared <= 0) return false
  if (kind === T_ARRAY)
    return (declared & (T_ARRAY | T_OBJECT)) === 0 && (declared & T_SCALAR) !== 0
  if (kind === T_OBJECT)
    return (declared & T_OBJECT) === 0 && (declared & (T_SCALAR | T_ARRAY)) !== 0
  if (kind === T_STRING)
    return (declared & T_OBJECT) !== 0 && (declared & (T_SCALAR | T_ARRAY)) === 0
  return false
}

const NAMES: ReadonlyArray<readonly [number, string]> = [
  [T_OBJECT, 'an object'],
  [T_ARRAY, 'a list'],
  [T_STRING, 'text'],
  [T_INTEGER, 'an integer'],
  [T_NUMBER, 'a number'],
  [T_BOOLEAN, 'a boolean'],
  [T_NULL, 'null'],
]

// Every combination of the seven bits, named once: messages are built on the refusal path.
const DESCRIPTIONS: readonly string[] = Array.from({ length: 128 }, (_, bits) => nameTypes(bits))

/** Names declared types as a person reads them: "an integer or null"; '' when nothing is declared. */
export function describeTypes(bits: number): string {
  return DESCRIPTIONS[bits] ?? ''
}

function nameTypes(bits: number): string {
  if (bits <= 0) return ''
  const names = NAMES.filter(([bit]) => (bits & bit) !== 0).map(([, name]) => name)
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`
}

/** Names the kind of a sent value: "a list", "an object", "text", …; "a value" for anything else. */
export function describeKind(kind: number): string {
  return NAMES.find(([bit]) => bit === kind)?.[1] ?? 'a value'
}
