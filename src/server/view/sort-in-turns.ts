import { TurnTaker } from '../turns'

/** Items sorted at once before the sorted blocks are merged. */
const BLOCK = 8192
/** Items merged between two looks at the clock. */
const MERGE_CHECK = 4095

/**
 * `items` sorted in place by `compare`, in pieces that take turns with other answers (decision
 * 0024): blocks sorted by `Array.prototype.sort`, then merged pairwise. Stable, as that sort is.
 * A year's runs list (hundreds of thousands of rows) would otherwise hold the event loop for a
 * few hundred milliseconds at once.
 */
export async function sortInTurns<T>(
  items: T[],
  compare: (a: T, b: T) => number,
  turns: TurnTaker = new TurnTaker(),
): Promise<T[]> {
  for (let start = 0; start < items.length; start += BLOCK) {
    if (turns.due()) await turns.take()
    const block = items.slice(start, start + BLOCK).sort(compare)
    for (let i = 0; i < block.length; i += 1) items[start + i] = block[i] as T
  }
  let from = items
  let to = new Array<T>(items.length)
  for (let width = BLOCK; width < items.length; width *= 2) {
    for (let low = 0; low < items.length; low += 2 * width) {
      const middle = Math.min(low + width, items.length)
      const high = Math.min(low + 2 * width, items.length)
      let a = low
      let b = middle
      for (let at = low; at < high; at += 1) {
        if ((at & MERGE_CHECK) === 0 && turns.due()) await turns.take()
        // The left item first on a tie: the merge keeps the order of equal items.
        if (b >= high || (a < middle && compare(from[a] as T, from[b] as T) <= 0)) {
          to[at] = from[a++] as T
        } else {
          to[at] = from[b++] as T
        }
      }
    }
    ;[from, to] = [to, from]
  }
  if (from !== items) for (let i = 0; i < items.length; i += 1) items[i] = from[i] as T
  return items
}
