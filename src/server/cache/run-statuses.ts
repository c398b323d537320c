import { num, text, type Database } from '../db/database'
import { bound } from '../sql/fragment'
import { RUNS } from '../sql/tables'

/** Statuses a run does not leave; every other (unknown ones too) is read again on refresh. */
const FINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled'])
const BATCH = 1000

/**
 * The status of every run, kept current cheaply: new runs (uid above the highest seen); runs not
 * yet in a final status (read again every time); runs whose `tstamp` ("last changed", which the
 * CMS sets on every update) is at or after the newest seen; and, when the number of runs up to
 * the highest uid is not the number known (a purge or a deletion), a full reread.
 */
export class RunStatuses {
  readonly byRun = new Map<number, string>()
  /** Changes whenever a run is added, removed or changes status. */
  version = 0
  private top = 0
  private changed = 0

  async refresh(db: Database): Promise<void> {
    const open = [...this.byRun].filter(([, status]) => !FINAL.has(status)).map(([uid]) => uid)
    for (let i = 0; i < open.length; i += BATCH) {
      const uids = open.slice(i, i + BATCH)
      const rows = await db.query(
        `SELECT uid, status, tstamp FROM ${RUNS} WHERE uid IN (${uids.map(() => '?').join(', ')})`,
        uids,
      )
      const kept = new Set(rows.map((row) => num(row.uid)))
      for (const uid of uids) if (!kept.has(uid) && this.byRun.delete(uid)) this.version += 1
      this.set(rows)
    }
    const fresh = bound(`SELECT uid, status, tstamp FROM ${RUNS} WHERE uid > ? OR tstamp >= ?`, [
      this.top,
      this.changed,
    ])
    this.set(await db.query(fresh.sql, fresh.params))
    const [counted] = await db.query(`SELECT COUNT(*) AS n FROM ${RUNS} WHERE uid <= ?`, [this.top])
    if (num(counted?.n) !== this.byRun.size) {
      this.byRun.clear()
      this.version += 1
      this.top = 0
      this.changed = 0
      this.set(await db.query(`SELECT uid, status, tstamp FROM ${RUNS}`))
    }
  }

  private set(rows: readonly Record<string, unknown>[]): void {
    for (const row of rows) {
      const uid = num(row.uid)
      const status = text(row.status) ?? ''
      if (this.byRun.get(uid) !== status) this.version += 1
      this.byRun.set(uid, status)
      if (uid > this.top) this.top = uid
      const tstamp = num(row.tstamp)
      if (tstamp > this.changed) this.changed = tstamp
    }
  }
}
