import { num, text, type Database, type Row } from '../db/database'
import { bound, integerIn, raw, sql } from '../sql/fragment'
import { RUN_START, RUNS } from '../sql/tables'
import { RunTable, type FactsByUid, type RunFacts, type RunTableData } from './run-facts'

/** Statuses a run does not leave; every other (unknown ones too) is read again on refresh. */
const FINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled'])
const BATCH = 1000

/** The columns a run is kept by: its status, and what the runs list shows and sorts by. */
const COLUMNS = `r.uid, r.status, r.tstamp, r.uuid, r.configuration_identifier,
  ${RUN_START} AS started, r.finished_at`

/**
 * The status of every run, kept current cheaply: new runs (uid above the highest seen); runs not
 * yet in a final status (read again every time); runs whose `tstamp` ("last changed", which the
 * CMS sets on every update) is at or after the newest seen; and, when the number of runs up to
 * the highest uid seen before is not the number known (a purge or a deletion), a full reread.
 * The count is asked beside the read of new and changed runs: a run committed between the two
 * makes them differ too, and costs a reread, never a wrong status.
 */
/** What {@link RunStatuses} holds, as plain data (for the view's file). */
export interface RunStatusesData extends RunTableData {
  top: number
  changed: number
}

export class RunStatuses {
  /** Each run's uuid, configuration, start and end (decision 0028). */
  get facts(): FactsByUid {
    return this.table
  }

  private table = new RunTable()
  /** Changes whenever a run is added, removed or changes status. */
  version = 0
  /** The runs not in a final status, read again on every refresh. */
  private readonly open = new Set<number>()
  private top = 0
  private changed = 0

  /** A run's status; undefined for a run not recorded (not yet, or purged). */
  statusOf(uid: number): string | undefined {
    return this.table.statusOf(uid)
  }

  /** How many runs are recorded. */
  get size(): number {
    return this.table.size
  }

  /** Records a run as the refresh would: for tests and benches that build a view by hand. */
  put(uid: number, status: string, fact: RunFacts = EMPTY_FACTS): void {
    this.set([
      {
        uid,
        status,
        uuid: fact.uuid,
        configuration_identifier: fact.configuration,
        started: fact.started,
        finished_at: fact.finished,
        tstamp: 0,
      },
    ])
  }

  /** The highest run uid read: a run at or below it that is not recorded is gone. */
  get highestUid(): number {
    return this.top
  }

  /** Statuses as saved; the next refresh reads what changed since. */
  static from(data: RunStatusesData): RunStatuses {
    const statuses = new RunStatuses()
    const final = data.names.map((name) => FINAL.has(name))
    for (let i = 0; i < data.uids.length; i += 1) {
      if (final[data.statuses[i] as number] !== true) statuses.open.add(data.uids[i] as number)
    }
    statuses.table = RunTable.from(data)
    statuses.top = data.top
    statuses.changed = data.changed
    return statuses
  }

  get data(): RunStatusesData {
    return { ...this.table.data, top: this.top, changed: this.changed }
  }

  async refresh(db: Database): Promise<void> {
    const open = [...this.open]
    for (let i = 0; i < open.length; i += BATCH) {
      const uids = open.slice(i, i + BATCH)
      const reread = sql`SELECT ${raw(COLUMNS)} FROM ${raw(RUNS)} r WHERE ${integerIn('r.uid', uids)}`
      const rows = await db.query(reread.sql, reread.params)
      const kept = new Set(rows.map((row) => num(row.uid)))
      for (const uid of uids) if (!kept.has(uid)) this.remove(uid)
      this.set(rows)
    }
    const below = this.top
    const fresh = bound(`SELECT ${COLUMNS} FROM ${RUNS} r WHERE r.uid > ? OR r.tstamp >= ?`, [
      below,
      this.changed,
    ])
    const [rows, [counted]] = await Promise.all([
      db.query(fresh.sql, fresh.params),
      db.query(`SELECT COUNT(*) AS n FROM ${RUNS} WHERE uid <= ?`, [below]),
    ])
    // Every run known so far has a uid up to `below`; so has any the read finds there anew.
    let known = this.table.size
    for (const row of rows) if (num(row.uid) <= below && !this.table.has(num(row.uid))) known += 1
    this.set(rows)
    if (num(counted?.n) !== known) await this.rereadAll(db)
  }

  /** Reads every run's status again (runs were purged), replacing the known ones at once. */
  async rereadAll(db: Database): Promise<void> {
    const all = await db.query(`SELECT ${COLUMNS} FROM ${RUNS} r`, [], { bulk: true })
    // Replaced at once, so an answer meanwhile still reads the statuses known before.
    this.table.clear()
    this.open.clear()
    this.version += 1
    this.top = 0
    this.changed = 0
    this.set(all)
  }

  private remove(uid: number): void {
    this.open.delete(uid)
    if (this.table.delete(uid)) this.version += 1
  }

  private set(rows: readonly Row[]): void {
    for (const row of rows) {
      const uid = num(row.uid)
      const status = text(row.status) ?? ''
      const fact: RunFacts = {
        uuid: text(row.uuid) ?? '',
        configuration: text(row.configuration_identifier) ?? '',
        started: num(row.started),
        finished: num(row.finished_at),
      }
      if (this.table.set(uid, status, fact)) this.version += 1
      if (FINAL.has(status)) this.open.delete(uid)
      else this.open.add(uid)
      if (uid > this.top) this.top = uid
      const tstamp = num(row.tstamp)
      if (tstamp > this.changed) this.changed = tstamp
    }
  }
}

const EMPTY_FACTS: RunFacts = { uuid: '', configuration: '', started: 0, finished: 0 }
