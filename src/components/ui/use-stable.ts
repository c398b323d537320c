import { useState } from 'react'

/**
 * `value`, or the earlier value while `same` says the two are equal: a value rebuilt on every
 * render (the refusal codes of each new summary, filters parsed again while the tool counts
 * load) keeps one identity, so what is memoised on it (a table's columns and their cell
 * renderers, a chart's series) is not rebuilt and remounted.
 */
export function useStable<T>(value: T, same: (kept: T, next: T) => boolean): T {
  const [kept, setKept] = useState(value)
  const unchanged = kept === value || same(kept, value)
  // Storing derived state during render is React's documented pattern for "adjusting state when
  // a prop changes"; React renders again at once, before committing.
  if (!unchanged) setKept(value)
  return unchanged ? kept : value
}

/** Whether two lists hold the same items in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => Object.is(item, b[i]))
}
