import { num, type Database } from '../db/database'
import type { SummaryResponse } from '@/domain/contract'
import type { SummaryQuery } from '../read/summary-shape'
import { EVENTS } from '../sql/tables'
import { integerIn, raw, sql } from '../sql/fragment'
import { AnswerTexts } from './answer-texts'
import { foldView } from './fold-view'
import { foldEffectGroups, type EffectPlan, type EffectQuery } from './fold-effect-groups'
import type { CatalogueFlags } from '@/domain/effect'
import { foldRunTallies, type RunTallies, type TallyQuery } from './fold-run-tallies'
import { readStepGroups, topEventUid } from './read-step-groups'
import { RunStatusIndexer } from './run-status-index'
import { RunStatuses } from './run-statuses'
import type { FactsByUid } from './run-facts'
import { foldRunRounds } from './fold-run-rounds'
import {
  listRangeRows,
  pageOfRunList,
  rangeRows,
  type RangeRows,
  type ServedList,
} from './run-list'
import type { RunListQuery } from '@/domain/api-query'
import { GroupIds, StepStore, type StepGroup } from './step-store'
import { VIEW_TIMINGS } from './timings'
import {
  loadView,
  removeLeftovers,
  saveView,
  ViewFileError,
  type Probe,
  type SavedView,
} from './view-file'
import { messageOf } from '@/domain/message-of'

export interface SummaryViewOptions {
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
  /** Uids read per statement while the view is built, to stay inside the statement timeout. */
  chunkUids?: number
  /**
   * Where the view is kept between starts (decision 0022); without it the view lives in memory
   * only and every start counts the installation again.
   */
  file?: string
  /** Which database the view counts (engine and name): a saved view of another is not read. */
  database?: string
  /** How often a changed view is saved (ms, default ten minutes); also once built, and on stop. */
  saveEveryMs?: number
  /**
   * Counts the installation elsewhere and saves its view to `file` (the server: a child process,
   * whose memory goes when it ends); the view then takes the file up. Without it, or when it
   * fails, the first count runs here.
   */
  countElsewhere?: (onProgress: (progress: BuildProgress) => void) => Promise<void>
  now?: () => number
  log?: (line: string) => void
}

/** How far the first count of an installation has come: uids read of those to read. */
export interface BuildProgress {
  done: number
  total: number
}

/** Runs lists kept folded (each a few integer columns by run). */
const TALLIES_KEPT = 4
/** Ranges' rows kept (each about 150 bytes a run), and sorted lists of them (8 bytes a run). */
const RANGES_KEPT = 2
const LISTS_KEPT = 6

/** A sorted runs list and what its pages read: the tallies of its range and the runs' facts. */
export interface ServedRunList {
  listed: ServedList
  tallies: RunTallies
  facts: FactsByUid
}

/**
 * The promise kept under `key` in `held`, else `make`'s, kept (at most `limit`, the oldest let
 * go first; a failed one is not kept).
 */
function kept<T>(
  held: Map<string, Promise<T>>,
  key: string,
  limit: number,
  make: () => Promise<T>,
): Promise<T> {
  const found = held.get(key)
  if (found !== undefined) return found
  const made = make()
  held.set(key, made)
  made.catch(() => held.delete(key))
  const oldest = held.keys().next().value
  if (held.size > limit && oldest !== undefined) held.delete(oldest)
  return made
}

/** Rows compared with the table at start, to tell a saved view's database from another. */
const PROBES = 4

/**
 * `/summary`'s one way to count (decisions 0015, 0022). The event table is read in uid order:
 * rows up to the top uid seen at least `settleMs` ago are grouped into a store for good; rows
 * above it, up to the top uid the refresh found, are grouped again on every refresh. Runs'
 * statuses are kept current by {@link RunStatuses}; steps of runs that are gone (the retention
 * purge) are no longer counted. A refresh runs when an answer finds the last older than
 * `refreshMs`, and every half `staleMs` ({@link keepFresh}); concurrent answers share one, and
 * only a view older than `staleMs` makes an answer wait for it. With a `file`, the view is saved
 * and read back at the next start ({@link start}), which then reads only what changed since.
 */
export class SummaryView {
  private ids = new GroupIds()
  private settled = new StepStore(this.ids)
  private tail = new StepStore(this.ids)
  private settledUid = 0
  private seen: { at: number; top: number }[] = []
  private statuses = new RunStatuses()
  private statusIndex = new RunStatusIndexer(this.ids, this.statuses)
  private refreshedAt = Number.NEGATIVE_INFINITY
  /** Counts the view's changes: answers kept as text are of one generation only. */
  private generation = 0
  private readonly texts = new AnswerTexts()
  /** The latest runs lists folded, by query, of one generation: the pages of one list share one. */
  private tallies = { generation: -1, byQuery: new Map<string, Promise<RunTallies>>() }
  /** Sorted runs lists of one generation (decision 0028): rounds, a range's rows, their orders. */
  private lists = {
    generation: -1,
    rounds: null as Promise<Int32Array> | null,
    ranges: new Map<string, Promise<RangeRows>>(),
    listed: new Map<string, Promise<ServedList>>(),
  }
  private refreshing: Promise<void> | null = null
  private complete = false
  private building: BuildProgress | null = null
  private saving: Promise<void> | null = null
  private savedUid = -1
  private savedAt = Number.NEGATIVE_INFINITY
  private readonly refreshMs: number
  private readonly staleMs: number
  private readonly settleMs: number
  private readonly chunkUids: number
  private readonly saveEveryMs: number
  private readonly now: () => number
  private readonly log: (line: string) => void

  constructor(
    private readonly db: Database,
    private readonly options: SummaryViewOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? VIEW_TIMINGS.refreshMs
    this.staleMs = options.staleMs ?? VIEW_TIMINGS.staleRefreshes * this.refreshMs
    this.settleMs = options.settleMs ?? VIEW_TIMINGS.settleMs
    // Small reads keep the garbage of the first count small (each read's rows are let go).
    this.chunkUids = options.chunkUids ?? 50_000
    this.saveEveryMs = options.saveEveryMs ?? VIEW_TIMINGS.saveEveryMs
    this.now = options.now ?? Date.now
    this.log = options.log ?? (() => undefined)
  }

  /**
   * Takes up the saved view when there is one this server can trust — its file whole, of this
   * format, for this database, whose rows are still there (the table not emptied, restored or
   * replaced) — and starts reading what changed since; otherwise says why and starts counting
   * afresh. Never throws: a view it cannot read is counted again.
   */
  async start(): Promise<void> {
    const { file } = this.options
    if (file !== undefined) {
      for (const name of await removeLeftovers(file)) {
        this.log(`summary view: removed ${name}, left by a server stopped while saving`)
      }
      try {
        const saved = await this.takeUp(file)
        this.log(
          `summary view: read ${file} (${saved.settled.size} groups up to uid ${saved.settledUid}); reading what changed since`,
        )
      } catch (error) {
        const why = messageOf(error)
        if (error instanceof ViewFileError || error instanceof StaleViewError) {
          this.log(`summary view: not using ${file}: ${why}; counting the installation afresh`)
        } else {
          this.log(`summary view: cannot read ${file} (${why}); counting the installation afresh`)
        }
      }
    }
    this.warm()
  }

  /**
   * The answer, or null while the first count of the installation is not done ({@link progress}
   * says how far it is). Only for queries on the grain (`summaryGrainProblem`).
   */
  async answer(query: SummaryQuery): Promise<SummaryResponse | null> {
    return (await this.answerable()) ? this.fold(query) : null
  }

  /**
   * {@link answer} as its JSON text; the same question about the same view is folded once
   * ({@link AnswerTexts}).
   */
  async answerText(query: SummaryQuery): Promise<string | null> {
    if (!(await this.answerable())) return null
    return this.texts.get(this.generation, JSON.stringify(query), async () =>
      JSON.stringify(await this.fold(query)),
    )
  }

  /**
   * The runs list of a query (its runs and their counted calls) as of the view now: the pages of
   * one list, asked within one state of the view, share one fold; a few lists are kept. Only for
   * ranges on the grain.
   */
  private talliesOf(query: TallyQuery): Promise<RunTallies> {
    if (this.tallies.generation !== this.generation) {
      this.tallies = { generation: this.generation, byQuery: new Map() }
    }
    const key = JSON.stringify([query.from, query.to, query.tools])
    return kept(this.tallies.byQuery, key, TALLIES_KEPT, () =>
      foldRunTallies(query, [this.settled, this.tail], this.ids, this.statusIndex.index()),
    )
  }

  /**
   * A page of a runs list as JSON text, made by `page` from the list's tallies ({@link talliesOf});
   * the same page of the same list asked of one state of the view is made once, as `/summary`'s
   * answers are ({@link AnswerTexts}): what a page reads besides the view (run rows, rounds) is
   * then as old as the view. Null while the first count is not done.
   */
  async runRowsText(
    query: TallyQuery,
    pageKey: string,
    page: (tallies: RunTallies) => Promise<string>,
  ): Promise<string | null> {
    if (!(await this.answerable())) return null
    const key = JSON.stringify(['run-rows', query.from, query.to, query.tools, pageKey])
    return this.texts.get(this.generation, key, async () => page(await this.talliesOf(query)))
  }

  /**
   * A sorted, filtered runs list of a range as of the view now (decision 0028), with the tallies
   * and facts its pages read; the pages and the CSV of one list, asked within one state of the
   * view, share one. Null while the first count is not done. Only for ranges on the grain.
   */
  async runList(query: RunListQuery): Promise<ServedRunList | null> {
    if (!(await this.answerable())) return null
    if (this.lists.generation !== this.generation) {
      this.lists = {
        generation: this.generation,
        rounds: null,
        ranges: new Map(),
        listed: new Map(),
      }
    }
    const lists = this.lists
    const range: TallyQuery = { from: query.from, to: query.to, tools: query.tools }
    const tallies = await this.talliesOf(range)
    const facts = this.statuses.facts
    const listKey = JSON.stringify([range, query.filters, query.sort])
    const listed = kept(lists.listed, listKey, LISTS_KEPT, async () => {
      const rows = await kept(lists.ranges, JSON.stringify(range), RANGES_KEPT, async () => {
        lists.rounds ??= foldRunRounds([this.settled, this.tail], this.ids)
        const rounds = await lists.rounds
        return rangeRows({ tallies, rounds, statuses: this.statusIndex.index(), facts })
      })
      return listRangeRows(rows, query)
    })
    return { listed: await listed, tallies, facts }
  }

  /** A page of {@link runList} as JSON text, made once per state of the view. */
  async runListText(query: RunListQuery, offset: number, limit: number): Promise<string | null> {
    if (!(await this.answerable())) return null
    const key = JSON.stringify(['run-list', query, offset, limit])
    return this.texts.get(this.generation, key, async () => {
      const list = await this.runList(query)
      if (list === null) throw new Error('the view is not built')
      const page = await pageOfRunList(list.listed, offset, limit, list.tallies, list.facts)
      return JSON.stringify(page)
    })
  }

  /**
   * The overview's effect of a query as JSON text, made by `finish` from the view's plan
   * ({@link foldEffectGroups}: what the groups count, and the runs to read whole), once per state
   * of the view and catalogue, as `/summary`'s answers are. Null while the first count is not done.
   */
  async effectText(
    query: EffectQuery,
    catalogue: readonly CatalogueFlags[],
    finish: (plan: EffectPlan) => Promise<string>,
  ): Promise<string | null> {
    if (!(await this.answerable())) return null
    const flags = catalogue.map((tool) => [tool.name, tool.source, tool.approval, tool.input])
    const key = JSON.stringify(['effect', query, flags])
    return this.texts.get(this.generation, key, async () =>
      finish(
        await foldEffectGroups(
          query,
          catalogue,
          [this.settled, this.tail],
          this.ids,
          this.statusIndex.index(),
        ),
      ),
    )
  }

  /**
   * `/meta`'s answer as JSON text, made by `make` once per state of the view, as `/summary`'s
   * answers are: a page's first question then needs no database connection while the heaviest
   * answers hold them. Read when a state is first asked about, so at most a refresh behind.
   * Null while the first count is not done (the caller reads the tables then).
   */
  async metaText(make: () => Promise<string>): Promise<string | null> {
    if (!this.built) return null
    await this.recentEnough()
    return this.texts.get(this.generation, '"meta"', make)
  }

  /** Whether the view can answer (refreshed first when an answer needs it); else starts it. */
  private async answerable(): Promise<boolean> {
    if (!this.built) {
      this.warm()
      return false
    }
    await this.recentEnough()
    return true
  }

  private fold(query: SummaryQuery): Promise<SummaryResponse> {
    return foldView(query, [this.settled, this.tail], this.ids, this.statusIndex.index())
  }

  /** Groups kept, and the bytes their columns hold. */
  get size(): { groups: number; bytes: number; runs: number } {
    return {
      groups: this.settled.size + this.tail.size,
      bytes: this.settled.bytes + this.tail.bytes,
      runs: this.statuses.size,
    }
  }

  /** Whether the view can answer: built once, or taken up from its file. */
  get built(): boolean {
    return this.complete
  }

  /** Resolves once the view can answer, refreshing until the first count is done. */
  async ready(): Promise<void> {
    while (!this.complete) await this.catchUp()
  }

  /** How far the first count has come; null when it is not running. */
  get progress(): BuildProgress | null {
    return this.complete ? null : this.building
  }

  /** Starts building (or refreshing) without waiting; a failure is logged and retried later. */
  warm(): void {
    this.catchUp().catch((error: unknown) => {
      this.log(`summary view: ${messageOf(error)}`)
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

  /** Saves the view now when it changed since it was last saved (on stop); never throws. */
  async flush(): Promise<void> {
    await this.saving
    await this.save(true)
  }

  /** Starts a refresh past `refreshMs`; waits for it only when the view is past `staleMs`. */
  private async recentEnough(): Promise<void> {
    const age = this.now() - this.refreshedAt
    if (age < this.refreshMs) return
    if (age >= this.staleMs) return this.catchUp()
    this.warm()
  }

  /** Resolves once the view reflects the tables as of at most `refreshMs` ago. */
  catchUp(): Promise<void> {
    if (this.now() - this.refreshedAt < this.refreshMs) return Promise.resolve()
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async refresh(): Promise<void> {
    if (!this.complete && (await this.countedElsewhere())) return this.refresh()
    const started = this.now()
    const statusVersion = this.statuses.version
    const top = await topEventUid(this.db)
    const first = !this.complete
    // The table was emptied, restored or recreated when it holds less than was kept: start again.
    const restart = top < this.settledUid
    if (restart) this.seen = []
    // Uncounted, everything visible is kept; later only what was seen settleMs ago.
    const settleTo = first || restart ? top : this.settleTarget(started)
    const settled = restart ? new StepStore(this.ids) : this.settled
    const from = restart ? 0 : this.settledUid
    // Answers fold the stores as they are until every read is done: rows kept for good now are
    // still in the tail they see. Only a store no answer reads yet is filled as rows come.
    const direct = first || restart
    const kept: StepGroup[][] = []
    for (let after = from; after < settleTo; after += this.chunkUids) {
      if (first) this.building = { done: after - from, total: settleTo - from }
      const groups = await readStepGroups(
        this.db,
        after,
        Math.min(after + this.chunkUids, settleTo),
      )
      if (direct) settled.add(groups)
      else kept.push(groups)
    }
    const settledUid = Math.max(from, settleTo)
    // In pieces too: after a restart the rows written meanwhile can be many.
    const tail = new StepStore(this.ids)
    for (let after = settledUid; after < top; after += this.chunkUids) {
      tail.add(await readStepGroups(this.db, after, Math.min(after + this.chunkUids, top)))
    }
    await this.statuses.refresh(this.db)
    // From here to the end nothing waits: answers see the view before or after, never between.
    // Answers kept as text stay while the view holds what it held (a quiet installation).
    const changed =
      direct ||
      kept.some((groups) => groups.length > 0) ||
      !tail.holdsTheSameAs(this.tail) ||
      this.statuses.version !== statusVersion
    for (const groups of kept) settled.add(groups)
    this.settled = settled
    this.settledUid = settledUid
    this.tail = tail
    if (this.dropGoneRuns() || changed) this.generation += 1
    this.seen.push({ at: started, top })
    this.refreshedAt = started
    if (restart)
      this.log(`summary view: the event table holds less than was counted; counted again`)
    if (direct) this.settled.trim()
    if (first) {
      this.complete = true
      this.building = null
      this.log(`summary view: ${this.settled.size} groups of steps up to uid ${settledUid}`)
    }
    void this.save(false)
  }

  /** Takes up the view `countElsewhere` counted and saved; false when there is none or it failed. */
  private async countedElsewhere(): Promise<boolean> {
    const { file, countElsewhere } = this.options
    if (file === undefined || countElsewhere === undefined) return false
    try {
      await countElsewhere((progress) => (this.building = progress))
      const saved = await this.takeUp(file)
      this.building = null
      this.log(
        `summary view: ${this.settled.size} groups of steps up to uid ${saved.settledUid}, counted in a child process`,
      )
      return true
    } catch (error) {
      this.log(
        `summary view: counting in a child process failed (${messageOf(error)}); counting here`,
      )
      return false
    }
  }

  /**
   * Drops the groups of runs that are gone (the retention purge) once they are a quarter of the
   * runs numbered, so memory follows the runs the CMS keeps, not its whole history. A run with
   * steps but no run row above the highest run uid read may yet be committed: it is kept.
   * Whether it dropped any.
   */
  private dropGoneRuns(): boolean {
    const { status } = this.statusIndex.index()
    const top = this.statuses.highestUid
    const runUids = this.ids.runUids
    const gone = (run: number) => (status[run] as number) < 0 && (runUids[run] as number) <= top
    let count = 0
    for (let run = 0; run < status.length; run += 1) if (gone(run)) count += 1
    if (count === 0 || count * 4 < status.length) return false
    const { ids, runs } = this.ids.keepingRuns((run) => !gone(run))
    this.settled = this.settled.keepingRuns(ids, runs)
    this.tail = this.tail.keepingRuns(ids, runs)
    this.ids = ids
    this.statusIndex = new RunStatusIndexer(ids, this.statuses)
    this.statusIndex.index()
    this.log(`summary view: dropped the steps of ${count} runs no longer recorded`)
    return true
  }

  /** The highest uid seen at a refresh at least `settleMs` before `now`. */
  private settleTarget(now: number): number {
    let target = this.settledUid
    while (this.seen.length > 0 && now - (this.seen[0]?.at ?? now) >= this.settleMs) {
      target = Math.max(target, this.seen.shift()?.top ?? 0)
    }
    return target
  }

  /**
   * Reads the view saved in `file` and makes it this view's own once the table still holds what
   * it counted ({@link checkProbes}); answers may use it once the first refresh ran. Throws when
   * the file cannot be read or trusted.
   */
  private async takeUp(file: string): Promise<SavedView> {
    const saved = await loadView(file, this.options.database ?? '')
    await this.checkProbes(saved)
    this.adopt(saved)
    return saved
  }

  /** The saved view's parts as this view's own. */
  private adopt(saved: SavedView): void {
    this.ids = GroupIds.from(saved.ids)
    this.settled = StepStore.from(this.ids, saved.settled)
    this.tail = new StepStore(this.ids)
    this.settledUid = saved.settledUid
    this.statuses = RunStatuses.from(saved.statuses)
    this.statusIndex = new RunStatusIndexer(this.ids, this.statuses)
    this.seen = []
    this.complete = true
    this.generation += 1
    this.savedUid = saved.settledUid
    this.savedAt = this.now()
  }

  /** The newest settled rows, to recognise this table by at the next start. */
  private async probes(settledUid: number): Promise<Probe[]> {
    const rows = await this.db.query(
      `SELECT uid, run, sequence, crdate FROM ${EVENTS} WHERE uid <= ? ORDER BY uid DESC LIMIT ${PROBES}`,
      [settledUid],
    )
    return rows.map((row) => ({
      uid: num(row.uid),
      run: num(row.run),
      sequence: num(row.sequence),
      crdate: num(row.crdate),
    }))
  }

  /**
   * Throws a {@link StaleViewError} unless the table still holds what the saved view counted: its
   * uids reach the saved view's, and the saved rows that are still there are the same rows (a
   * restored backup or another installation's table reuses uids for other rows). Rows gone are
   * fine (the retention purge), unless all are.
   */
  private async checkProbes(saved: SavedView): Promise<void> {
    const top = await topEventUid(this.db)
    if (top < saved.settledUid) {
      throw new StaleViewError(
        `the event table's highest uid (${top}) is below the view's (${saved.settledUid}): the table was emptied or restored`,
      )
    }
    if (saved.probes.length === 0) {
      if (saved.settledUid === 0) return
      throw new StaleViewError('it records no rows to recognise the table by')
    }
    const found = sql`SELECT uid, run, sequence, crdate FROM ${raw(EVENTS)} WHERE ${integerIn(
      'uid',
      saved.probes.map((probe) => probe.uid),
    )}`
    const rows = await this.db.query(found.sql, found.params)
    if (rows.length === 0) throw new StaleViewError('none of the rows it was counted from is left')
    const byUid = new Map(saved.probes.map((probe) => [probe.uid, probe]))
    for (const row of rows) {
      const probe = byUid.get(num(row.uid))
      const same =
        probe !== undefined &&
        probe.run === num(row.run) &&
        probe.sequence === num(row.sequence) &&
        probe.crdate === num(row.crdate)
      if (!same) throw new StaleViewError(`event row ${num(row.uid)} is not the row it counted`)
    }
  }

  /**
   * Writes the view to its file when built and changed — at once when `now`, else when the last
   * save is `saveEveryMs` old; one save at a time. A failure (no room, no permission) is logged
   * and the old file kept: a view not saved is counted from the last one saved, or afresh.
   */
  private async save(now: boolean): Promise<void> {
    const { file } = this.options
    if (file === undefined || !this.complete || this.saving !== null) return
    if (this.settledUid === this.savedUid) return
    if (!now && this.savedUid >= 0 && this.now() - this.savedAt < this.saveEveryMs) return
    const settledUid = this.settledUid
    const view = {
      database: this.options.database ?? '',
      settledUid,
      ids: this.ids.data,
      settled: this.settled.columns,
      statuses: this.statuses.data,
    }
    this.saving = (async () => {
      try {
        await saveView(file, { ...view, probes: await this.probes(settledUid) })
        this.savedUid = settledUid
        this.savedAt = this.now()
      } catch (error) {
        const why = messageOf(error)
        this.log(
          `summary view: cannot save ${file} (${why}); the next start counts from the last saved view, or afresh`,
        )
      } finally {
        this.saving = null
      }
    })()
    await this.saving
  }
}

/** A saved view whose table has changed under it: it is counted afresh. */
class StaleViewError extends Error {
  override readonly name = 'StaleViewError'
}
