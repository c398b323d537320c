/**
 * The parts every generated fast parser (`fast-runs-page.ts`, `fast-summary.ts`, written by
 * `npm run write:parsers` from scripts/fast-parsers) is built from, written once here rather than
 * into each file.
 */

/** What a part of a generated parser returns for a value its schema would reject. */
export const INVALID: unique symbol = Symbol('invalid')

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A new array of each item of `v` parsed by `parse`; INVALID if `v` or an item is not valid. */
export function listOf(v: unknown, parse: (item: unknown) => unknown): unknown {
  if (!Array.isArray(v)) return INVALID
  const list: unknown[] = v
  const out = new Array<unknown>(list.length)
  for (let i = 0; i < list.length; i++) {
    const item = parse(list[i])
    if (item === INVALID) return INVALID
    out[i] = item
  }
  return out
}
