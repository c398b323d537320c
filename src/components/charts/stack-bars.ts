/** One segment of a stacked bar: a series, its count and where it starts and ends (in counts). */
export interface Segment<K extends string> {
  key: K
  value: number
  from: number
  to: number
}

/**
 * The segments of one stacked bar, in the order of `keys`, each starting where the previous
 * ends. A missing, null or zero count draws nothing (a gap stays a gap, never a zero-high bar);
 * a row with no counts gives no segments.
 */
export function stackRow<K extends string>(
  row: Partial<Record<K, number | null>>,
  keys: readonly K[],
): Segment<K>[] {
  const segments: Segment<K>[] = []
  let from = 0
  for (const key of keys) {
    const value = row[key]
    if (value === undefined || value === null || !(value > 0)) continue
    segments.push({ key, value, from, to: from + value })
    from += value
  }
  return segments
}

/** The highest stack of `rows` (the sum of its `keys`); 0 for no rows or only gaps. */
export function stackMax<K extends string>(
  rows: ReadonlyArray<Partial<Record<K, number | null>>>,
  keys: readonly K[],
): number {
  let max = 0
  for (const row of rows) {
    const segments = stackRow(row, keys)
    const top = segments[segments.length - 1]?.to ?? 0
    if (top > max) max = top
  }
  return max
}
