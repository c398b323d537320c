import { fromCodeUnits, hasLoneSurrogate, toCodeUnits } from '../domain/code-units'

/**
 * The URL's search string as plain data: one value → a string, a repeated key → an array of
 * strings. Unlike the router's default (JSON in the URL), this keeps links readable and lets
 * `tool` repeat (`?tool=a&tool=b`). Pages validate these raw values with their own schema.
 */
export type RawSearch = Record<string, string | string[]>

/** A record without a prototype, so keys such as `__proto__` or `constructor` are plain data. */
const emptyRecord = (): RawSearch => Object.create(null) as RawSearch

/**
 * A value with a lone surrogate (a tool name from a remote MCP server may hold one) cannot be
 * written as URL text: URLSearchParams would put U+FFFD in its place. Such a value travels under
 * `<key>.u16` as its UTF-16 code units, four hex digits each, and comes back exactly.
 */
const CODE_UNITS = '.u16'

/** A `<key>.u16` parameter as its key and text; other parameters (and bad hex) as they are. */
function decodeParam(key: string, value: string): [string, string] {
  const text = key.endsWith(CODE_UNITS) ? fromCodeUnits(value) : null
  return text === null || key.length === CODE_UNITS.length
    ? [key, value]
    : [key.slice(0, -CODE_UNITS.length), text]
}

export function parseSearch(search: string): RawSearch {
  const out = emptyRecord()
  for (const [rawKey, rawValue] of new URLSearchParams(search)) {
    const [key, value] = decodeParam(rawKey, rawValue)
    const seen = Object.hasOwn(out, key) ? out[key] : undefined
    if (seen === undefined) out[key] = value
    else if (Array.isArray(seen)) seen.push(value)
    else out[key] = [seen, value]
  }
  return out
}

/** The inverse of {@link parseSearch}; undefined, null and empty arrays are left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue
    const values = Array.isArray(value) ? value : [value]
    for (const item of values) {
      if (item === undefined || item === null) continue
      const text = typeof item === 'string' ? item : JSON.stringify(item)
      // (A key of ours that ends in `.u16` itself is encoded too, so it reads back as written.)
      if (!hasLoneSurrogate(text) && !key.endsWith(CODE_UNITS)) params.append(key, text)
      else params.append(`${key}${CODE_UNITS}`, toCodeUnits(text))
    }
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Router search validation: keeps only string values, so garbage cannot reach a page. */
export function validateRawSearch(search: Record<string, unknown>): RawSearch {
  const out = emptyRecord()
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string') out[key] = value
    else if (Array.isArray(value))
      out[key] = value.filter((v): v is string => typeof v === 'string')
  }
  return out
}
