import { decodeCursor, encodeCursor, type RunQuery } from '../../domain/api-query'
import { num, text, type Database, type Row } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import { bound, join, sql } from '../sql/fragment'
import { RUN_START, RUNS } from '../sql/tables'
import { readSteps, type RunSteps } from './events'
import { runMatch } from './run-match'
import type { UnreadableStep } from './step-from-row'

/** A run as the server answers it: the contract's fields, plus the steps it could not read. */
export interface ServedRun {
  uuid: string
  status: string
  configuration: string
  startedAt: string
  finishedAt: string | null
  terminationReason: string | null
  steps: RunSteps['steps']
  /** Additive: present only when some step could not be read fully. */
  unreadableSteps?: UnreadableStep[]
}

export interface ServedRunsPage {
  runs: ServedRun[]
  nextCursor: string | null
  totalRuns: number
}

/** A cursor this server did not issue (or cannot read any more): the contract's 400. */
export class BadCursorError extends Error {
  override readonly name = 'BadCursorError'
}

const RUN_COLUMNS = `r.uid, r.uuid, r.status, r.configuration_identifier, r.termination_reason,
  ${RUN_START} AS started, r.finished_at`

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString()

/** One page of `GET /runs`: startedAt descending, then uuid, continuing after the cursor. */
export async function listRuns(
  db: Database,
  query: RunQuery,
  cursor: string | null,
  limit: number,
): Promise<ServedRunsPage> {
  const d = DIALECTS[db.engine]
  const match = runMatch(d, query)
  const conditions = [match]
  if (cursor !== null) {
    const key = decodeCursor(cursor)
    const started = key === null ? Number.NaN : Date.parse(key.startedAt) / 1000
    if (key === null || !Number.isInteger(started)) {
      throw new BadCursorError('"cursor" is not a cursor this API issued.')
    }
    conditions.push(
      bound(
        `(${RUN_START} < ? OR (${RUN_START} = ? AND ${d.exact('r.uuid')} > ${d.exactParam()}))`,
        [started, started, d.bindText(key.uuid)],
      ),
    )
  }
  const pageSql = sql`SELECT ${RUN_COLUMNS} FROM ${RUNS} r WHERE ${join(conditions, ' AND ')}
       ORDER BY started DESC, ${d.exact('r.uuid')} ASC LIMIT ${bound('?', [limit + 1])}`
  const countSql = sql`SELECT COUNT(*) AS n FROM ${RUNS} r WHERE ${match}`
  const [rows, counted] = await Promise.all([
    db.query(pageSql.sql, pageSql.params),
    db.query(countSql.sql, countSql.params),
  ])
  const page = rows.slice(0, limit)
  const runs = await withSteps(db, page)
  const last = runs.at(-1)
  return {
    runs,
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeCursor({ startedAt: last.startedAt, uuid: last.uuid })
        : null,
    totalRuns: num(counted[0]?.n),
  }
}

/** `GET /runs/{uuid}`: the run with all its steps, or null when it is not (or no longer) there. */
export async function getRun(db: Database, uuid: string): Promise<ServedRun | null> {
  const d = DIALECTS[db.engine]
  const rows = await db.query(
    `SELECT ${RUN_COLUMNS} FROM ${RUNS} r WHERE ${d.exact('r.uuid')} = ${d.exactParam()}
     ORDER BY r.uid LIMIT 1`,
    [d.bindText(uuid)],
  )
  const [run] = await withSteps(db, rows)
  return run ?? null
}

async function withSteps(db: Database, rows: Row[]): Promise<ServedRun[]> {
  const steps = await readSteps(
    db,
    rows.map((row) => num(row.uid)),
  )
  return rows.map((row) => {
    const read = steps.get(num(row.uid)) ?? { steps: [], unreadable: [] }
    const finished = num(row.finished_at)
    const reason = text(row.termination_reason) ?? ''
    const run: ServedRun = {
      uuid: text(row.uuid) ?? '',
      status: text(row.status) ?? '',
      configuration: text(row.configuration_identifier) ?? '',
      startedAt: iso(num(row.started)),
      finishedAt: finished > 0 ? iso(finished) : null,
      terminationReason: reason === '' ? null : reason,
      steps: read.steps,
    }
    if (read.unreadable.length > 0) run.unreadableSteps = read.unreadable
    return run
  })
}
