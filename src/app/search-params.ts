import { fromUrlText, toUrlText } from '../domain/code-units'
import type { UrlSearch } from '../domain/filters'

/** A record without a prototype, so keys such as `__proto__` or `constructor` are plain data. */
const emptyRecord = (): UrlSearch => Object.create(null) as UrlSearch

/**
 * The URL's search string as plain data: one value → a string, a repeated key → an array of
 * strings. Unlike the router's default (JSON in the URL), this keeps links readable and lets
 * `tool` repeat (`?tool=a&tool=b`). Pages validate these values with their own schema. A value
 * with a lone surrogate (a tool name from a remote MCP server may hold one) travels as
 * `toUrlText` writes it and comes back exactly.
 */
export function parseSearch(search: string): UrlSearch {
  const out = emptyRecord()
  for (const [key, text] of new URLSearchParams(search)) {
    const value = fromUrlText(text)
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
      params.append(key, toUrlText(typeof item === 'string' ? item : JSON.stringify(item)))
    }
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Router search validation: keeps only string values, so garbage cannot reach a page. */
export function validateUrlSearch(search: Record<string, unknown>): UrlSearch {
  const out = emptyRecord()
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string') out[key] = value
    else if (Array.isArray(value))
      out[key] = value.filter((v): v is string => typeof v === 'string')
  }
  return out
}
