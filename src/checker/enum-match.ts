/** Deeper than this, two values are taken as equal: a bound that can only make the check pass. */
const EQUAL_DEPTH = 64

/** An `enum` prepared for lenient look-ups. */
export interface EnumSet {
  /** Normalised keys of the scalar members (see `scalarKeys`). */
  readonly keys: ReadonlySet<string>
  /** Members that are lists or objects, compared by deep equality. */
  readonly complex: readonly unknown[]
  readonly hasNull: boolean
  readonly members: readonly unknown[]
}

/**
 * The keys a scalar matches under the ADR's leniency: text in any letter case, a number and the
 * text of that number (2 and "2"), and the boolean casts ("true", 1, 0). Other values get none.
 */
function scalarKeys(value: unknown, add: (key: string) => void): void {
  if (typeof value === 'string') {
    add(`s:${value.toLowerCase()}`)
    const trimmed = value.trim()
    if (trimmed !== '') {
      const number = Number(trimmed)
      if (Number.isFinite(number)) add(`n:${String(number)}`)
      const lower = trimmed.toLowerCase()
      if (lower === 'true') add('b:1')
      else if (lower === 'false') add('b:0')
    }
  } else if (typeof value === 'number') {
    add(`n:${String(value)}`)
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
  const add = (key: string) => keys.add(key)
  for (const member of members as unknown[]) {
    if (member === null) hasNull = true
    else if (typeof member === 'object') complex.push(member)
    else scalarKeys(member, add)
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
  scalarKeys(value, (key) => {
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
