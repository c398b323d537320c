/** A string-keyed count table without a prototype, so a tool named `__proto__` is just a key. */
export type Counts = Record<string, number>

/** A fresh, prototype-free record. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}

/** A prototype-free copy of `counts` (own keys only); empty for an empty table. */
export function copyCounts(counts: Readonly<Counts>): Counts {
  const copy = emptyRecord<number>()
  for (const key of Object.keys(counts)) copy[key] = counts[key] ?? 0
  return copy
}

/** Adds `source` into `target` key by key (mutates `target`, which the caller owns). */
export function addCounts(target: Counts, source: Readonly<Counts>): void {
  for (const key of Object.keys(source)) target[key] = (target[key] ?? 0) + (source[key] ?? 0)
}

/** A prototype-free copy of a table of count tables. */
export function copyNested(table: Readonly<Record<string, Counts>>): Record<string, Counts> {
  const copy = emptyRecord<Counts>()
  for (const key of Object.keys(table)) copy[key] = copyCounts(table[key] ?? {})
  return copy
}

/** Adds a table of count tables into `target` (mutates `target`, which the caller owns). */
export function addNested(
  target: Record<string, Counts>,
  source: Readonly<Record<string, Counts>>,
): void {
  for (const key of Object.keys(source)) {
    const into = (target[key] ??= emptyRecord<number>())
    addCounts(into, source[key] ?? {})
  }
}

/** The sorted union of two sorted-or-not string lists, without duplicates. */
export function unionSorted(a: readonly string[], b: Iterable<string>): string[] {
  return [...new Set([...a, ...b])].sort(compareStrings)
}

/** Code-unit order: stable across locales, so summaries and exports compare equal everywhere. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
