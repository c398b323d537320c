/**
 * How long one piece of a heavy answer (a fold of the summary view, converting rows, writing
 * JSON) may hold the event loop (ms). Heavy answers then wait in one queue and take turns, one
 * piece per turn of the event loop, so whatever else arrived (a `/meta`, a run's page) is
 * answered between two pieces: a page's first question waits a few milliseconds however many
 * years are folded or big runs sent at once (decision 0024).
 */
export const TURN_MS = 4

/** Heavy answers waiting for their next piece, in order. */
const waiting: (() => void)[] = []
let scheduled = false

/** Lets the next heavy answer run one piece, then schedules the one after on the next turn. */
function nextPiece(): void {
  scheduled = false
  waiting.shift()?.()
  if (waiting.length > 0) schedule()
}

function schedule(): void {
  if (scheduled) return
  scheduled = true
  // After the I/O of this turn of the event loop: requests that arrived are read first.
  setImmediate(nextPiece)
}

/** Lets other work run once {@link TURN_MS} of this work has passed. */
export class TurnTaker {
  /** Due at once: heavy work waits for its first turn too, not only for the ones after. */
  private deadline = Number.NEGATIVE_INFINITY

  /** Whether this work has held the event loop for its turn. */
  due(): boolean {
    return performance.now() >= this.deadline
  }

  /** Waits until the other heavy answers had a piece each and I/O was read, then a new turn. */
  async take(): Promise<void> {
    await new Promise<void>((resolve) => {
      waiting.push(resolve)
      schedule()
    })
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

/** `items` as comma-separated JSON text in pieces, giving other work a turn now and then. */
export async function* jsonList(
  items: readonly unknown[],
  turns: TurnTaker = new TurnTaker(),
): AsyncGenerator<string> {
  for (let start = 0; start < items.length; start += CHECK_EVERY) {
    if (turns.due()) await turns.take()
    const slice = items.slice(start, start + CHECK_EVERY).map((item) => JSON.stringify(item))
    yield `${start > 0 ? ',' : ''}${slice.join(',')}`
  }
}
