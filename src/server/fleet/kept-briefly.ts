/** How long an answer's parts are reused for the next pages of its query: one export pass. */
export const KEPT_MS = 5_000

/**
 * Promises kept by key until {@link KEPT_MS} after they settle, at most `most` at once (the oldest let go first): the
 * parts of a paged answer (a listing, a range's rows) made once for all the pages a client asks
 * within an export pass. A failed promise is let go at once.
 */
export class KeptBriefly<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>()

  constructor(private readonly most: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const now = Date.now()
    for (const [old, entry] of this.entries) if (now - entry.at > KEPT_MS) this.entries.delete(old)
    const kept = this.entries.get(key)
    if (kept !== undefined) return kept.value
    const value = make()
    const entry = { at: now, value }
    // Kept from when it is made: one that takes longer than an export pass is still reused.
    value.then(
      () => (entry.at = Date.now()),
      () => this.entries.delete(key),
    )
    this.entries.set(key, entry)
    if (this.entries.size > this.most)
      this.entries.delete(this.entries.keys().next().value as string)
    return value
  }
}
