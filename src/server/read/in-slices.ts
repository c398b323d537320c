import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * Items handled in one turn of the event loop: a few milliseconds of converting rows or writing
 * JSON. Between slices the server answers whatever else arrived, so a run of 300,000 steps being
 * sent never holds up a `/meta` for more than a slice (issue 34).
 */
export const SLICE = 500

/** Calls `each` on every item in order, letting other work run between slices of {@link SLICE}. */
export async function inSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  for (let start = 0; start < items.length; start += SLICE) {
    if (start > 0) await nextTurn()
    const end = Math.min(items.length, start + SLICE)
    for (let i = start; i < end; i += 1) each(items[i] as T)
  }
}

/** `items` as comma-separated JSON, made slice by slice into `write`. */
export async function writeJsonList(
  items: readonly unknown[],
  write: (text: string) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += SLICE) {
    if (start > 0) await nextTurn()
    const slice = items.slice(start, start + SLICE).map((item) => JSON.stringify(item))
    await write(`${start > 0 ? ',' : ''}${slice.join(',')}`)
  }
}
