import { describeValue } from './describe-value'

/**
 * A URL's search as plain data: one value a string, a repeated key an array of strings (what
 * the app's router holds, and what a link is built as).
 */
export type UrlSearch = Record<string, string | string[]>

/** Search params as they reach a parser, not yet checked: any value, including garbage. */
export type UncheckedSearch = Readonly<Record<string, unknown>>

/** The value of a key, or undefined when absent (inherited properties never count). */
export function rawValue(raw: UncheckedSearch, key: string): unknown {
  return raw !== null && typeof raw === 'object' && Object.hasOwn(raw, key) ? raw[key] : undefined
}

/**
 * A single-valued parameter as a string: undefined when absent or blank, the first value of a
 * repeated one (noting the rest in `ignored`), numbers as their digits, anything else as-is so
 * the caller rejects it with its own message. With `keepBlank`, '' is kept as a value (an
 * emptied text box is a value, not a missing one).
 */
export function readSingle(
  raw: UncheckedSearch,
  key: string,
  ignored: string[],
  keepBlank = false,
): unknown {
  let value = rawValue(raw, key)
  if (Array.isArray(value)) {
    if (value.length > 1) {
      ignored.push(
        `Ignored ${key}=${describeValue(value.slice(1))}: ${key} is given more than once`,
      )
    }
    value = value[0]
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (value === '' && keepBlank) return value
  if (value === undefined || value === null || value === '') return undefined
  return value
}

/**
 * A repeatable parameter's values: strings as they are, blanks included (`tool=` names the tool
 * called "", which the contract allows), numbers and booleans as text (a router may have
 * JSON-parsed `tool=123`); anything else listed as `invalid`.
 */
export function readMany(
  raw: UncheckedSearch,
  key: string,
): { values: string[]; invalid: unknown[] } {
  const value = rawValue(raw, key)
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value]
  const values: string[] = []
  const invalid: unknown[] = []
  for (const item of list) {
    if (typeof item === 'string') values.push(item)
    else if (typeof item === 'number' || typeof item === 'boolean') values.push(String(item))
    else invalid.push(item)
  }
  return { values, invalid }
}
