import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * How long one piece of a heavy answer (a fold of the summary view, converting rows, writing
 * JSON) may hold the event loop before it lets other requests in (ms). Between pieces the server
 * answers whatever else arrived, so a year's fold or a run of 300,000 steps being sent holds up
 * a `/meta` for a few milliseconds at a time, not for the whole answer (issue 34).
 */
export const TURN_MS = 4

/** Lets the event loop run other work once {@link TURN_MS} of this work has passed. */
export class TurnTaker {
  private deadline = performance.now() + TURN_MS

  /** Whether this work has held the event loop for its turn. */
  due(): boolean {
    return performance.now() >= this.deadline
  }

  /** Waits for the event loop's next turn (after any I/O that arrived), then starts a new one. */
  async take(): Promise<void> {
    await nextTurn()
    this.deadline = performance.now() + TURN_MS
  }
}

/** Items looked at between two checks of the clock. */
const CHECK_EVERY = 64

/** Calls `each` on every item in order, giving other work a turn now and then. */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  turns: TurnTaker = new TurnTaker(),
): Promise<void> {
  for (let i = 0; i < items.length; i += 1) {
    if (i % CHECK_EVERY === 0 && turns.due()) await turns.take()
    each(items[i] as T)
  }
}

/** `items` as comma-separated JSON into `write`, giving other work a turn now and then. */
export async function writeJsonList(
  items: readonly unknown[],
  write: (text: string) => Promise<void>,
  turns: TurnTaker = new TurnTaker(),
): Promise<void> {
  for (let start = 0; start < items.length; start += CHECK_EVERY) {
    if (turns.due()) await turns.take()
    const slice = items.slice(start, start + CHECK_EVERY).map((item) => JSON.stringify(item))
    await write(`${start > 0 ? ',' : ''}${slice.join(',')}`)
  }
}
