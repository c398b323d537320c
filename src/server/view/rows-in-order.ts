import { Heap } from 'heap-js'
import { TurnTaker } from '../turns'
import { sortInTurns } from './sort-in-turns'

/** The rows a list's first pages show without sorting the whole list (ten pages of 100). */
export const LEADING_ROWS = 1000

/** Items looked at between two looks at the clock. */
const CHECK = 4095

interface Ranked<T> {
  item: T
  at: number
}

/**
 * The first `count` of `items` in the order a stable sort by `compare` would give, without
 * sorting them all: one pass keeping the best `count` in a heap, ties kept in their order in
 * `items` — n·log(count) comparisons at worst instead of n·log(n). Takes turns as
 * {@link sortInTurns} does.
 */
export async function leadingInTurns<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  count: number,
  turns: TurnTaker = new TurnTaker(),
): Promise<T[]> {
  const rank = (a: Ranked<T>, b: Ranked<T>) => compare(a.item, b.item) || a.at - b.at
  // The worst of the kept rows on top, where the next row is measured against it.
  const kept = new Heap<Ranked<T>>((a, b) => rank(b, a))
  for (let at = 0; at < items.length; at += 1) {
    if ((at & CHECK) === 0 && turns.due()) await turns.take()
    const ranked = { item: items[at] as T, at }
    if (kept.size() < count) kept.push(ranked)
    else if (count > 0 && rank(ranked, kept.peek() as Ranked<T>) < 0) kept.replace(ranked)
  }
  return kept
    .toArray()
    .sort(rank)
    .map((ranked) => ranked.item)
}

/**
 * A list's rows in its order, sorted only as far as asked: a page within the first
 * {@link LEADING_ROWS} comes from {@link leadingInTurns}, a page past them or the whole list
 * from one stable sort of them all (kept). `items` is not changed.
 */
export class RowsInOrder<T> {
  private leading: Promise<T[]> | null = null
  private whole: Promise<T[]> | null = null

  constructor(
    private readonly items: readonly T[],
    private readonly compare: (a: T, b: T) => number,
  ) {}

  get length(): number {
    return this.items.length
  }

  /** The rows from `offset` (0-based), at most `limit`, in the list's order. */
  async slice(offset: number, limit: number): Promise<T[]> {
    const end = offset + limit
    if (this.whole === null && end <= LEADING_ROWS) {
      this.leading ??= leadingInTurns(this.items, this.compare, LEADING_ROWS)
      return (await this.leading).slice(offset, end)
    }
    return (await this.all()).slice(offset, end)
  }

  /** Every row in the list's order. */
  all(): Promise<T[]> {
    this.whole ??= sortInTurns([...this.items], this.compare)
    return this.whole
  }
}
