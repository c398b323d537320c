import type { Database } from '../db/database'
import type { ServedSummary, SummaryQuery } from '../read/summary-shape'
import { cacheAnswers, foldCached } from './fold-cached'
import { readStepGroups, topEventUid } from './read-step-groups'
import { RunStatusIndexer } from './run-status-index'
import { RunStatuses } from './run-statuses'
import { GroupIds, StepStore, type StepGroup } from './step-store'

export interface SummaryCacheOptions {
  /** An answer that finds the view of the tables older than this (ms) starts a refresh. */
  refreshMs?: number
  /**
   * The oldest view an answer may use (ms, default 5 × `refreshMs`): a younger one answers at
   * once while the refresh runs; an older one waits for it. So a committed step is in every
   * answer asked more than this after it (settle rule aside), mostly within `refreshMs`.
   */
  staleMs?: number
  /**
   * Rows are kept for good once their uid was seen this long ago (ms); newer ones are read again
   * on every refresh, so a transaction that commits a lower uid late is still counted.
   */
  settleMs?: number
  /** Uids read per statement while the cache is built, to stay inside the statement timeout. */
  chunkUids?: number
  now?: () => number
  log?: (line: string) => void
}

/**
 * `/summary` from what was counted once (issue 22). The event table is read in uid order: rows
 * up to the top uid seen at least `settleMs` ago are grouped into a store for good; rows above
 * it, up to the top uid the refresh found, are grouped again on every refresh. Runs' statuses
 * are kept current by {@link RunStatuses}; steps of runs that are gone (the retention purge) are
 * no longer counted. A refresh runs when an answer finds the last older than `refreshMs`, and
 * every half `staleMs` ({@link keepFresh}); concurrent answers share one, and only a view older
 * than `staleMs` makes an answer wait for it (the refresh's queries stay off its path).
 */
export class SummaryCache {
  private readonly ids = new GroupIds()
  private settled = new StepStore(this.ids)
  private tail = new StepStore(this.ids)
  private settledUid = 0
  private readonly seen: { at: number; top: number }[] = []
  private readonly statuses = new RunStatuses()
  private readonly statusIndex = new RunStatusIndexer(this.ids, this.statuses)
  private refreshedAt = Number.NEGATIVE_INFINITY
  private refreshing: Promise<void> | null = null
  private readonly refreshMs: number
  private readonly staleMs: number
  private readonly settleMs: number
  private readonly chunkUids: number
  private readonly now: () => number
  private readonly log: (line: string) => void

  constructor(
    private readonly db: Database,
    options: SummaryCacheOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 2000
    this.staleMs = options.staleMs ?? 5 * this.refreshMs
    this.settleMs = options.settleMs ?? 60_000
    this.chunkUids = options.chunkUids ?? 250_000
    this.now = options.now ?? Date.now
    this.log = options.log ?? (() => undefined)
  }

  /** The answer, or null when the cache cannot answer this query exactly (ask the database). */
  async answer(query: SummaryQuery): Promise<ServedSummary | null> {
    if (!cacheAnswers(query)) return null
    if (!this.built) {
      // Until the first build is done the database answers; the build goes on meanwhile.
      this.warm()
      return null
    }
    await this.recentEnough()
    return foldCached(query, [this.settled, this.tail], this.ids, this.statusIndex.current())
  }

  /** Groups kept, and the bytes their columns hold. */
  get size(): { groups: number; bytes: number; runs: number } {
    return {
      groups: this.settled.size + this.tail.size,
      bytes: this.settled.bytes + this.tail.bytes,
      runs: this.statuses.byRun.size,
    }
  }

  /** Whether the first build has finished. */
  get built(): boolean {
    return this.refreshedAt > Number.NEGATIVE_INFINITY
  }

  /** Starts building (or refreshing) without waiting; a failure is logged and retried later. */
  warm(): void {
    this.current().catch((error: unknown) => {
      this.log(`summary cache: ${error instanceof Error ? error.message : String(error)}`)
    })
  }

  /**
   * Refreshes in the background every half `staleMs` (5 s by default), so an answer after a quiet
   * spell finds a view younger than `staleMs` and waits for nothing. Returns the stop; nothing
   * for a `staleMs` of 0 (tests that refresh on every answer).
   */
  keepFresh(): () => void {
    if (this.staleMs <= 0) return () => undefined
    const timer = setInterval(() => this.warm(), this.staleMs / 2)
    timer.unref()
    return () => clearInterval(timer)
  }

  /** Starts a refresh past `refreshMs`; waits for it only when the view is past `staleMs`. */
  private async recentEnough(): Promise<void> {
    const age = this.now() - this.refreshedAt
    if (age < this.refreshMs) return
    if (age >= this.staleMs) return this.current()
    this.warm()
  }

  /** Resolves once the cache reflects the tables as of at most `refreshMs` ago. */
  current(): Promise<void> {
    if (this.now() - this.refreshedAt < this.refreshMs) return Promise.resolve()
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async refresh(): Promise<void> {
    const started = this.now()
    const top = await topEventUid(this.db)
    const first = !this.built
    // At start everything visible is kept; later only what was seen settleMs ago.
    const settleTo = first ? top : this.settleTarget(started)
    // The table was emptied or recreated when it holds less than was kept: start again.
    const restart = settleTo < this.settledUid
    const settled = restart ? new StepStore(this.ids) : this.settled
    const from = restart ? 0 : this.settledUid
    // Answers fold the stores as they are until every read is done: rows kept for good now are
    // still in the tail they see. Only a store no answer reads yet is filled as rows come.
    const direct = first || restart
    const kept: StepGroup[][] = []
    for (let after = from; after < settleTo; after += this.chunkUids) {
      const groups = await readStepGroups(
        this.db,
        after,
        Math.min(after + this.chunkUids, settleTo),
      )
      if (direct) settled.add(groups)
      else kept.push(groups)
    }
    const settledUid = Math.max(from, settleTo)
    const tail = new StepStore(this.ids)
    tail.add(await readStepGroups(this.db, settledUid, top))
    await this.statuses.refresh(this.db)
    // From here to the end nothing waits: answers see the view before or after, never between.
    for (const groups of kept) settled.add(groups)
    this.settled = settled
    this.settledUid = settledUid
    this.tail = tail
    this.statusIndex.current()
    this.seen.push({ at: started, top })
    this.refreshedAt = started
    if (first) this.log(`summary cache: ${this.settled.size} groups of steps up to uid ${top}`)
  }

  /** The highest uid seen at a refresh at least `settleMs` before `now`. */
  private settleTarget(now: number): number {
    let target = this.settledUid
    while (this.seen.length > 0 && now - (this.seen[0]?.at ?? now) >= this.settleMs) {
      target = Math.max(target, this.seen.shift()?.top ?? 0)
    }
    return target
  }
}
