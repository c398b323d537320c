import { decodeCursor, encodeCursor, type RunQuery } from '@/domain/api-query'
import type { Run } from '@/domain/contract'
import { num, text, type Database, type Row } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import { bound, join, raw, sql } from '../sql/fragment'
import { RUN_START, RUNS } from '../sql/tables'
import { ApiError } from '../http/api-error'
import { streamSteps, type EventSource } from './events'
import { jsonList } from '../turns'
import { inSeconds, runMatch, secondsCompare } from './run-match'

/** A page of `GET /runs` before its steps are read: the run rows, the cursor and the count. */
export interface RunsPageRows {
  rows: Row[]
  nextCursor: string | null
  totalRuns: number
}

export const RUN_COLUMNS = `r.uid, r.uuid, r.status, r.configuration_identifier, r.termination_reason,
  ${RUN_START} AS started, r.finished_at, r.requeue_count`

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString()

/** One page of `GET /runs`: startedAt descending, then uuid, continuing after the cursor. */
export async function pageOfRuns(
  db: Database,
  query: RunQuery,
  cursor: string | null,
  limit: number,
): Promise<RunsPageRows> {
  const d = DIALECTS[db.engine]
  const match = runMatch(d, query)
  const conditions = [match]
  if (cursor !== null) {
    const key = cursorAfter(cursor)
    // After the cursor: started earlier, or in the same second with a later uuid. Outside the
    // time columns' range only the first can hold, and is decided here (see secondsCompare).
    conditions.push(
      inSeconds(key.started)
        ? bound(
            `(${RUN_START} < ? OR (${RUN_START} = ? AND ${d.exact('r.uuid')} > ${d.exactParam()}))`,
            [key.started, key.started, d.bindText(key.uuid)],
          )
        : secondsCompare(RUN_START, '<', key.started),
    )
  }
  const pageSql = sql`SELECT ${raw(RUN_COLUMNS)} FROM ${raw(RUNS)} r WHERE ${join(conditions, ' AND ')}
       ORDER BY started DESC, ${raw(d.exact('r.uuid'))} ASC LIMIT ${limit + 1}`
  const countSql = sql`SELECT COUNT(*) AS n FROM ${raw(RUNS)} r WHERE ${match}`
  const [rows, counted] = await Promise.all([
    db.query(pageSql.sql, pageSql.params),
    db.query(countSql.sql, countSql.params),
  ])
  return runsPage(rows, limit, num(counted[0]?.n))
}

/** Where a cursor continues: after the run started at `started` (seconds) with `uuid`. */
export function cursorAfter(cursor: string): { started: number; uuid: string } {
  const key = decodeCursor(cursor)
  const started = key === null ? Number.NaN : Date.parse(key.startedAt) / 1000
  if (key === null || !Number.isInteger(started)) {
    // A cursor this server did not issue (or cannot read any more).
    throw new ApiError(400, 'bad_request', '"cursor" is not a cursor this API issued.')
  }
  return { started, uuid: key.uuid }
}

/** A page of `limit` runs from `rows` (up to one more, which says a next page exists). */
export function runsPage(rows: Row[], limit: number, totalRuns: number): RunsPageRows {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    rows: page,
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeCursor({ startedAt: iso(num(last.started)), uuid: text(last.uuid) ?? '' })
        : null,
    totalRuns,
  }
}

/** The run id of a `/runs/{uuid}` path's last segment; a 400 when it is no percent-encoding. */
export function runIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, 'bad_request', 'The run id in the path is not valid percent-encoding.')
  }
}

/** The 404 of a run that is not recorded; its id echoed only when it can be one. */
export function runNotFound(uuid: string): ApiError {
  const shown = uuid.length <= 64 ? ` ${uuid}` : ''
  return new ApiError(404, 'not_found', `No run${shown} is recorded on this installation.`)
}

/** Longer run ids are never looked up. */
export const MAX_RUN_ID = 200

/** `GET /runs/{uuid}`: the run's row, or null when it is not (or no longer) there. */
export async function findRun(db: Database, uuid: string): Promise<Row | null> {
  const d = DIALECTS[db.engine]
  const rows = await db.query(
    `SELECT ${RUN_COLUMNS} FROM ${RUNS} r WHERE ${d.exact('r.uuid')} = ${d.exactParam()}
     ORDER BY r.uid LIMIT 1`,
    [d.bindText(uuid)],
  )
  return rows[0] ?? null
}

/** A run's start and end as `/runs` gives them, from their epoch seconds (end ≤ 0: unfinished). */
export const runTimes = (
  started: number,
  finished: number,
): Pick<Run, 'startedAt' | 'finishedAt'> => ({
  startedAt: iso(started),
  finishedAt: finished > 0 ? iso(finished) : null,
})

/** The contract's fields of a run row, steps aside. */
export function runFields(row: Row): Omit<Run, 'steps'> {
  const reason = text(row.termination_reason) ?? ''
  const requeued = num(row.requeue_count)
  const fields: Omit<Run, 'steps'> = {
    uuid: text(row.uuid) ?? '',
    status: text(row.status) ?? '',
    configuration: text(row.configuration_identifier) ?? '',
    ...runTimes(num(row.started), num(row.finished_at)),
    terminationReason: reason === '' ? null : reason,
  }
  if (requeued > 0) fields.attempts = requeued + 1
  // Only rows of all installations (the fleet's base) carry one.
  const installation = text(row.installation)
  if (installation !== null && installation !== '') fields.installation = installation
  return fields
}

/**
 * Runs as JSON text, piece by piece: an array (or, as `one`, the single run of `rows` alone),
 * each run with all its steps and, when some step could not be read fully, `unreadableSteps`
 * after them. Steps are read and turned into text in pieces (`streamSteps`), so the server never
 * holds a whole large run.
 */
export async function* runsJson(
  events: EventSource,
  rows: readonly Row[],
  shape: 'array' | 'one' = 'array',
): AsyncGenerator<string> {
  if (shape === 'array') yield '['
  let index = 0
  let started = false
  let first = true
  const uids = rows.map((row) => num(row.uid))
  for await (const { steps, unreadable } of streamSteps(events, uids)) {
    if (!started) {
      const head = JSON.stringify(runFields(rows[index] ?? {})).slice(0, -1)
      yield `${index > 0 ? ',' : ''}${head},"steps":[`
      started = true
    }
    if (steps.length > 0) {
      if (!first) yield ','
      yield* jsonList(steps)
      first = false
    }
    if (unreadable === null) continue
    const more = unreadable.length > 0 ? `,"unreadableSteps":${JSON.stringify(unreadable)}` : ''
    yield `]${more}}`
    index += 1
    started = false
    first = true
  }
  if (shape === 'array') yield ']'
}

/** `GET /runs`'s answer: the page's runs with their steps, its cursor and its count. */
export async function* runsPageJson(
  events: EventSource,
  page: RunsPageRows,
): AsyncGenerator<string> {
  yield '{"runs":'
  yield* runsJson(events, page.rows)
  yield `,"nextCursor":${JSON.stringify(page.nextCursor)},"totalRuns":${page.totalRuns}}`
}
