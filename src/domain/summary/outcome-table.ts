// Private to the fold: count rows indexed by outcome, so the hot loop adds to small arrays
// instead of looking up string keys in prototype-free (dictionary-mode) records.
import type { OutcomeKey } from '../outcome'
import type { Counts } from './records'

/** Index of `succeeded` in every row. */
export const SUCCEEDED = 0
/** Index of `failed` in every row; refusal keys follow from 2 on. */
export const FAILED = 1

/** Counts by outcome index; a row may be shorter than the table's key list (missing = 0). */
export type OutcomeRow = number[]

/** A row of zeros for `succeeded`, `failed` and the two codes the contract names. */
export function emptyRow(): OutcomeRow {
  return [0, 0, 0, 0]
}

/** Adds one call under outcome index `index` (mutates `row`, growing it when needed). */
export function bump(row: OutcomeRow, index: number): void {
  while (row.length <= index) row.push(0)
  row[index] = (row[index] ?? 0) + 1
}

/**
 * The outcome keys one fold has met, each with its index in the rows. Knows nothing of the
 * outcome rule: it only numbers the keys {@link outcomeOf} returns.
 */
export class OutcomeTable {
  readonly keys: OutcomeKey[] = ['succeeded', 'failed']
  private readonly refused = new Map<OutcomeKey, number>()

  /** The index of `key`, numbering a refusal key not met before. */
  indexOf(key: OutcomeKey): number {
    if (key === 'succeeded') return SUCCEEDED
    if (key === 'failed') return FAILED
    let index = this.refused.get(key)
    if (index === undefined) {
      index = this.keys.length
      this.keys.push(key)
      this.refused.set(key, index)
    }
    return index
  }

  /** Adds `row` into `target` by key, skipping zeros so count tables keep no zero entries. */
  addRow(target: Counts, row: OutcomeRow): void {
    for (let i = 0; i < row.length; i++) {
      const count = row[i] ?? 0
      const key = this.keys[i]
      if (count > 0 && key !== undefined) target[key] = (target[key] ?? 0) + count
    }
  }
}
