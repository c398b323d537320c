/**
 * Slots (small non-negative integers) by run uid. The CMS numbers runs 1, 2, 3, … (a purge leaves
 * gaps), so while the uids are dense enough the slots sit in one typed array indexed by uid —
 * built in milliseconds at a start, and 4 bytes a uid — rather than in a `Map`, which took about
 * 200 ms and 20 MB for the 365,000 runs of a busy year. A uid far past the others (or not a
 * non-negative integer) moves them into a `Map` for good.
 */
export class UidSlots {
  private dense: Int32Array | null = new Int32Array(1024).fill(-1)
  private sparse: Map<number, number> | null = null
  private count = 0

  /** The slots of `uids`, slot i for `uids[i]` (each uid once). */
  static of(uids: ArrayLike<number>): UidSlots {
    const slots = new UidSlots()
    let top = -1
    for (let i = 0; i < uids.length; i += 1) top = Math.max(top, uids[i] as number)
    if (slots.fitsDense(top, uids.length)) slots.dense = new Int32Array(top + 1).fill(-1)
    for (let i = 0; i < uids.length; i += 1) slots.set(uids[i] as number, i)
    return slots
  }

  get size(): number {
    return this.count
  }

  get(uid: number): number | undefined {
    if (this.sparse !== null) return this.sparse.get(uid)
    const slot = (this.dense as Int32Array)[uid]
    return slot !== undefined && slot >= 0 ? slot : undefined
  }

  has(uid: number): boolean {
    return this.get(uid) !== undefined
  }

  set(uid: number, slot: number): void {
    if (this.sparse === null && !this.makeRoom(uid)) this.toSparse()
    if (this.sparse !== null) {
      if (!this.sparse.has(uid)) this.count += 1
      this.sparse.set(uid, slot)
      return
    }
    const dense = this.dense as Int32Array
    if ((dense[uid] as number) < 0) this.count += 1
    dense[uid] = slot
  }

  delete(uid: number): boolean {
    if (this.sparse !== null) {
      const had = this.sparse.delete(uid)
      if (had) this.count -= 1
      return had
    }
    if (this.get(uid) === undefined) return false
    ;(this.dense as Int32Array)[uid] = -1
    this.count -= 1
    return true
  }

  clear(): void {
    this.dense = new Int32Array(1024).fill(-1)
    this.sparse = null
    this.count = 0
  }

  /** Every [uid, slot]: by uid while dense, else in the order set. */
  *entries(): IterableIterator<[number, number]> {
    if (this.sparse !== null) {
      yield* this.sparse.entries()
      return
    }
    const dense = this.dense as Int32Array
    for (let uid = 0; uid < dense.length; uid += 1) {
      const slot = dense[uid] as number
      if (slot >= 0) yield [uid, slot]
    }
  }

  /** Dense while the array would hold at most four uids per slot (and a million spare). */
  private fitsDense(uid: number, size: number): boolean {
    return Number.isInteger(uid) && uid >= 0 && uid < 4 * size + (1 << 20)
  }

  /** Grows the array to hold `uid`; false when `uid` does not fit the dense form. */
  private makeRoom(uid: number): boolean {
    const dense = this.dense as Int32Array
    if (Number.isInteger(uid) && uid >= 0 && uid < dense.length) return true
    if (!this.fitsDense(uid, this.count + 1)) return false
    const length = Math.max(uid + 1, Math.min(2 * dense.length, 4 * (this.count + 1) + (1 << 20)))
    const grown = new Int32Array(length).fill(-1)
    grown.set(dense)
    this.dense = grown
    return true
  }

  private toSparse(): void {
    const sparse = new Map<number, number>()
    for (const [uid, slot] of this.entries()) sparse.set(uid, slot)
    this.sparse = sparse
    this.dense = null
  }
}
