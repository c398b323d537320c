// Private to the fold: its count rows by tool name. A `Map` keyed by the names JSON.parse hands
// out hashes every name afresh (each call's name is a new string, too long to be interned); here
// a name finds its slot by its length and three of its code units, and `===` decides.
import { emptyRow, type OutcomeRow } from './outcome-table'

const SLOTS = 1024
const MASK = SLOTS - 1

interface Entry {
  readonly name: string
  readonly row: OutcomeRow
  readonly next: Entry | null
}

/** The slot of `name`: any number in 0..SLOTS-1 that equal names share. */
export function slotOf(name: string): number {
  const n = name.length
  if (n === 0) return 0
  return (
    (n * 961 + name.charCodeAt(0) * 31 + name.charCodeAt(n >> 1) + name.charCodeAt(n - 1) * 7) &
    MASK
  )
}

/** Count rows by name, in the order the names were first met. */
export class RowsByName {
  private readonly slots: (Entry | null)[] = new Array<Entry | null>(SLOTS).fill(null)
  private readonly entries: Entry[] = []

  /** The row of `name` (whose {@link slotOf} is `slot`), a row of zeros the first time. */
  rowOf(name: string, slot: number = slotOf(name)): OutcomeRow {
    const first = this.slots[slot] ?? null
    let entry = first
    while (entry !== null && entry.name !== name) entry = entry.next
    if (entry === null) {
      entry = { name, row: emptyRow(), next: first }
      this.slots[slot] = entry
      this.entries.push(entry)
    }
    return entry.row
  }

  /** Every name with its row, in first-met order; none before the first {@link rowOf}. */
  *[Symbol.iterator](): IterableIterator<[string, OutcomeRow]> {
    for (const entry of this.entries) yield [entry.name, entry.row]
  }
}
