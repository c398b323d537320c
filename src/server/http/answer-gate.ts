import { ClientGoneError } from './respond'

/** Every place for a large answer stayed taken longer than the server waits: the API's 503. */
export class AnswersBusyError extends Error {
  override readonly name = 'AnswersBusyError'
}

/**
 * At most `places` large answers (runs with all their steps) made at once; the others wait in
 * arrival order, each at most `waitMs` (`--connection-wait`), then are refused with
 * {@link AnswersBusyError} — a 503 with `Retry-After`. What the server holds of such answers
 * (rows read, steps not yet sent, up to 8 MB of text held back) is then bounded by `places`, not
 * by how many ask at once.
 */
export class AnswerGate {
  private taken = 0
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = []

  constructor(
    private readonly places: number,
    private readonly waitMs: number,
  ) {}

  /**
   * Runs `answer` in a place of its own, once one is free; not at all when the client left
   * meanwhile (`gone`), so a request given up on holds no place.
   */
  async run<T>(gone: () => boolean, answer: () => Promise<T>): Promise<T> {
    await this.enter()
    try {
      if (gone()) throw new ClientGoneError('The client left while its answer waited.')
      return await answer()
    } finally {
      this.leave()
    }
  }

  private enter(): Promise<void> {
    if (this.taken < this.places) {
      this.taken += 1
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1)
          reject(
            new AnswersBusyError(
              `All ${this.places} places for large answers stayed taken for ${this.waitMs} ms.`,
            ),
          )
        }, this.waitMs),
      }
      this.waiting.push(entry)
    })
  }

  private leave(): void {
    const next = this.waiting.shift()
    if (next === undefined) {
      this.taken -= 1
      return
    }
    clearTimeout(next.timer)
    next.start()
  }
}
