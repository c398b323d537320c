/** Deeper than this, two values are taken as equal: a bound that can only make the check pass. */
const EQUAL_DEPTH = 64

/** An `enum` prepared for lenient look-ups. */
export interface EnumSet {
  /** Keys of the scalar members (see `memberKey`). */
  readonly keys: ReadonlySet<string>
  /** Members that are lists or objects, compared by deep equality. */
  readonly complex: readonly unknown[]
  readonly hasNull: boolean
  readonly members: readonly unknown[]
}

/**
 * A numeric string as PHP 8 reads one: optional white space, a sign, digits with an optional
 * fraction and exponent. Not hex, binary, `Infinity` or an empty text: a cast does not read
 * those as the number.
 */
const NUMERIC_TEXT = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/

/** The key an enum member is stored under: by its own kind (text in lower case). */
function memberKey(member: string | number | boolean): string {
  if (typeof member === 'string') return `s:${member.toLowerCase()}`
  if (typeof member === 'number') return `n:${String(member)}`
  return member ? 'b:1' : 'b:0'
}

/**
 * The keys a sent scalar matches under the ADR's leniency, each a member it reads as after a
 * cast: text in any letter case; a number as its text (2 for an enum of "2"); a numeric text as
 * its number ("5" for 5); "true", 1 and 0 as the boolean. Other values get none.
 */
function valueKeys(value: unknown, add: (key: string) => void): void {
  if (typeof value === 'string') {
    add(`s:${value.toLowerCase()}`)
    if (NUMERIC_TEXT.test(value)) {
      const number = Number(value)
      if (Number.isFinite(number)) add(`n:${String(number)}`)
    }
    const lower = value.trim().toLowerCase()
    if (lower === 'true') add('b:1')
    else if (lower === 'false') add('b:0')
  } else if (typeof value === 'number') {
    add(`n:${String(value)}`)
    add(`s:${String(value).toLowerCase()}`)
    if (value === 1) add('b:1')
    else if (value === 0) add('b:0')
  } else if (typeof value === 'boolean') add(value ? 'b:1' : 'b:0')
}

/**
 * Prepares an `enum` keyword. Anything but a non-empty list gives null: an empty enum admits
 * nothing, which says more about the schema than about the call, so it is not judged.
 */
export function prepareEnum(members: unknown): EnumSet | null {
  if (!Array.isArray(members) || members.length === 0) return null
  const keys = new Set<string>()
  const complex: unknown[] = []
  let hasNull = false
  for (const member of members as unknown[]) {
    if (member === null) hasNull = true
    else if (typeof member === 'object') complex.push(member)
    else if (
      typeof member === 'string' ||
      typeof member === 'number' ||
      typeof member === 'boolean'
    )
      keys.add(memberKey(member))
  }
  return { keys, complex, hasNull, members }
}

/** True when `value` is a member of the enum under the ADR's leniency; null only matches null. */
export function enumHas(set: EnumSet, value: unknown): boolean {
  if (value === null) return set.hasNull
  if (typeof value === 'object') {
    for (const member of set.complex) if (deepEqual(member, value, 0)) return true
    return false
  }
  let found = false
  valueKeys(value, (key) => {
    if (!found && set.keys.has(key)) found = true
  })
  return found
}

/** Deep JSON equality with key order ignored (as Ajv compares enum members). */
export function deepEqual(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b)
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (depth > EQUAL_DEPTH) return true
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i], depth + 1)) return false
    return true
  }
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false
    const left = (a as Record<string, unknown>)[key]
    if (!deepEqual(left, (b as Record<string, unknown>)[key], depth + 1)) return false
  }
  return true
}
