import type { RunQuery } from '@/domain/api-query'
import { num, type Row } from '../db/database'
import type { EventSource } from '../read/events'
import { secondsFrom } from '../read/run-match'
import { encodeCursor } from '@/domain/api-query'
import { ApiError } from '../http/api-error'
import { cursorAfter, runsPage, runTimes, type RunsPageRows } from '../read/runs'
import { keyAlias, PAYLOAD_KEYS } from '../sql/payload-keys'
import { WRITE_KIND } from '../sql/tables'
import type { ClickHouse, ClickHouseParam } from './clickhouse'

/** A run row under the names `runFields` reads (the CMS's own columns, `RUN_COLUMNS`). */
const RUN_COLUMNS = `uid, uuid, status, configuration AS configuration_identifier,
  termination_reason, started, finished AS finished_at, requeue_count`

/** The runs of one installation still recorded by the CMS. */
const RECORDED = `rd_runs FINAL WHERE installation = {i:String} AND gone = 0`

/**
 * One page of `GET /runs` of an installation from its exported rows (decision 0017), by the
 * contract's rule as its own server applies it (`pageOfRuns`, `runMatch`): a run is listed when
 * one of its steps (not a write) lies in `[from, to)` and, with tools, one of its tool steps
 * there names one of them; without a range or tools every recorded run is. Started descending,
 * then uuid; the cursor is the single server's.
 */
export async function fleetPageOfRuns(
  ch: ClickHouse,
  installation: string,
  query: RunQuery,
  cursor: string | null,
  limit: number,
): Promise<RunsPageRows> {
  const params: Record<string, ClickHouseParam> = { i: installation, n: limit + 1 }
  const match = runMatch(query, params)
  let after = ''
  if (cursor !== null) {
    const key = cursorAfter(cursor)
    Object.assign(params, { s: key.started, u: key.uuid })
    after = ` AND (started < {s:Float64} OR (started = {s:Float64} AND uuid > {u:String}))`
  }
  const [rows, counted] = await Promise.all([
    ch.query(
      `SELECT ${RUN_COLUMNS} FROM ${RECORDED}${match}${after}
       ORDER BY started DESC, uuid ASC LIMIT {n:UInt32}`,
      params,
    ),
    ch.query(`SELECT count() AS n FROM ${RECORDED}${match}`, params),
  ])
  return runsPage(rows as Row[], limit, num(counted[0]?.n))
}

/** The recorded run rows of `uids`, by uid (as the CMS's own run rows read: `RUN_COLUMNS`). */
export async function fleetRunRowsOf(
  ch: ClickHouse,
  installation: string,
  uids: readonly number[],
): Promise<Map<number, Row>> {
  const rows = await ch.query(
    `SELECT ${RUN_COLUMNS} FROM ${RECORDED} AND uid IN {uids:Array(UInt64)}`,
    { i: installation, uids: uids.map(BigInt) },
  )
  return new Map(rows.map((row) => [num(row.uid), row as Row]))
}

/** `GET /runs/{uuid}` of an installation: the run's row (lowest uid), or null. */
export async function fleetFindRun(
  ch: ClickHouse,
  installation: string,
  uuid: string,
): Promise<Row | null> {
  const rows = await ch.query(
    `SELECT ${RUN_COLUMNS} FROM ${RECORDED} AND uuid = {u:String} ORDER BY uid LIMIT 1`,
    { i: installation, u: uuid },
  )
  return (rows[0] as Row | undefined) ?? null
}

/** The runs `query` lists (`/runs`' rule): uid and status, highest uid first. */
export async function fleetListedRuns(
  ch: ClickHouse,
  installation: string,
  query: RunQuery,
  /** Of these runs only (by uid), when given. */
  only?: readonly number[],
): Promise<{ uid: number; status: string }[]> {
  const params: Record<string, ClickHouseParam> = { i: installation }
  let of = ''
  if (only !== undefined) {
    params.only = only.map((uid) => BigInt(uid))
    of = ' AND uid IN {only:Array(UInt64)}'
  }
  const rows = await ch.query(
    `SELECT uid, status FROM ${RECORDED}${of}${runMatch(query, params)} ORDER BY uid DESC`,
    params,
  )
  return rows.map((row) => ({ uid: num(row.uid), status: String(row.status) }))
}

/**
 * `GET /runs/{uuid}` asked of all installations: the installation (first A→Z) that records the
 * run, and its row; null when none does.
 */
export async function fleetFindRunOfAny(
  ch: ClickHouse,
  uuid: string,
): Promise<{ installation: string; row: Row } | null> {
  const [found] = await ch.query(
    `SELECT installation, ${RUN_COLUMNS} FROM rd_runs FINAL WHERE gone = 0 AND uuid = {u:String}
     ORDER BY installation, uid LIMIT 1`,
    { u: uuid },
  )
  return found === undefined
    ? null
    : { installation: String(found.installation), row: found as Row }
}

/** Where a cursor of all installations puts the installation: before the uuid, apart. */
const APART = '\u0000'

/**
 * One page of `GET /runs` of all installations (decision 0017): each installation's runs by the
 * contract's rule, together, started descending, then uuid, then installation (the same run
 * exported twice is listed twice); the cursor holds the installation too. The page's runs are
 * numbered by their place in it, and its events read from each one's installation.
 */
export async function fleetPageOfAllRuns(
  ch: ClickHouse,
  query: RunQuery,
  cursor: string | null,
  limit: number,
): Promise<{ page: RunsPageRows; events: EventSource }> {
  const params: Record<string, ClickHouseParam> = { n: limit + 1 }
  const match = runMatch(query, params, 'all')
  let after = ''
  if (cursor !== null) {
    const key = cursorAfter(cursor)
    const apart = key.uuid.indexOf(APART)
    if (apart < 0)
      throw new ApiError(400, 'bad_request', '"cursor" is not a cursor this API issued.')
    Object.assign(params, {
      s: key.started,
      inst: key.uuid.slice(0, apart),
      u: key.uuid.slice(apart + 1),
    })
    after = ` AND (started < {s:Float64}
      OR (started = {s:Float64} AND (uuid, installation) > ({u:String}, {inst:String})))`
  }
  const all = `rd_runs FINAL WHERE gone = 0${match}`
  const [rows, counted] = await Promise.all([
    ch.query(
      `SELECT installation, ${RUN_COLUMNS} FROM ${all}${after}
       ORDER BY started DESC, uuid ASC, installation ASC LIMIT {n:UInt32}`,
      params,
    ),
    ch.query(`SELECT count() AS n FROM ${all}`, params),
  ])
  const page = rows.slice(0, limit) as Row[]
  const last = page.at(-1)
  const runs = page.map((row) => ({ installation: String(row.installation), uid: num(row.uid) }))
  return {
    page: {
      // Numbered by place: the events of run `i` are those of `runs[i]`.
      rows: page.map((row, at) => ({ ...row, uid: at })),
      nextCursor:
        rows.length > limit && last !== undefined
          ? encodeCursor({
              startedAt: runTimes(num(last.started), 0).startedAt,
              uuid: `${String(last.installation)}${APART}${String(last.uuid)}`,
            })
          : null,
      totalRuns: num(counted[0]?.n),
    },
    events: eventsByPlace(ch, runs),
  }
}

/** The events of runs numbered by place, each read from its own installation. */
function eventsByPlace(
  ch: ClickHouse,
  runs: readonly { installation: string; uid: number }[],
): EventSource {
  const sources = new Map<string, EventSource>()
  const sourceOf = (installation: string) => {
    let source = sources.get(installation)
    if (source === undefined) sources.set(installation, (source = fleetEvents(ch, installation)))
    return source
  }
  /** The places by installation, each with its run's uid there. */
  const byInstallation = (places: readonly number[]) => {
    const groups = new Map<string, Map<number, number>>()
    for (const place of places) {
      const run = runs[place]
      if (run === undefined) continue
      let group = groups.get(run.installation)
      if (group === undefined) groups.set(run.installation, (group = new Map()))
      group.set(run.uid, place)
    }
    return groups
  }
  return {
    async counts(places) {
      const counts = new Map<number, number>()
      for (const [installation, group] of byInstallation(places)) {
        const found = await sourceOf(installation).counts([...group.keys()])
        for (const [uid, n] of found) counts.set(group.get(uid) as number, n)
      }
      return counts
    },
    async together(places) {
      const rows: Row[] = []
      for (const [installation, group] of byInstallation(places)) {
        for (const row of await sourceOf(installation).together([...group.keys()])) {
          rows.push({ ...row, run: group.get(num(row.run)) })
        }
      }
      return rows
    },
    async piece(place, fromSequence, limit) {
      const run = runs[place]
      if (run === undefined) return []
      const rows = await sourceOf(run.installation).piece(run.uid, fromSequence, limit)
      return rows.map((row) => ({ ...row, run: place }))
    },
  }
}

/** `AND …` of the runs `query` lists, its values put into `params`; empty for every run. */
function runMatch(
  query: RunQuery,
  params: Record<string, ClickHouseParam>,
  of: 'one' | 'all' = 'one',
): string {
  if (query.from === null && query.to === null && query.tools.length === 0) return ''
  const parts = [of === 'one' ? `installation = {i:String}` : '1', `kind != '${WRITE_KIND}'`]
  if (query.from !== null) {
    params.from = secondsFrom(query.from)
    parts.push('crdate >= {from:Int64}')
  }
  if (query.to !== null) {
    params.to = secondsFrom(query.to)
    parts.push('crdate < {to:Int64}')
  }
  if (query.tools.length > 0) {
    params.tools = [...query.tools]
    parts.push(`kind = 'tool' AND tool_name IN {tools:Array(String)}`)
  }
  const steps = `rd_events FINAL WHERE ${parts.join(' AND ')}`
  return of === 'one'
    ? ` AND uid IN (SELECT run FROM ${steps})`
    : ` AND (installation, uid) IN (SELECT installation, run FROM ${steps})`
}

/** The columns of an event row as `stepFromRow` reads them (`stepRows`). */
const EVENT_COLUMNS = `uid, run, sequence, kind, round,
  duration_ms, crdate, is_object, ${PAYLOAD_KEYS.map(keyAlias).join(', ')}`

/** The event rows of one installation's runs, as exported (`rd_events`). */
export function fleetEvents(ch: ClickHouse, installation: string): EventSource {
  const runs = (uids: readonly number[]) => uids.map((uid) => BigInt(uid))
  return {
    async counts(runUids) {
      if (runUids.length === 0) return new Map()
      const rows = await ch.query(
        `SELECT run, count() AS n FROM rd_events FINAL
         WHERE installation = {i:String} AND run IN {runs:Array(UInt64)} GROUP BY run`,
        { i: installation, runs: runs(runUids) },
      )
      return new Map(rows.map((row) => [num(row.run), num(row.n)]))
    },
    async together(runUids) {
      if (runUids.length === 0) return []
      return (await ch.query(
        `SELECT ${EVENT_COLUMNS} FROM rd_events FINAL
         WHERE installation = {i:String} AND run IN {runs:Array(UInt64)}
         ORDER BY run, sequence, uid`,
        { i: installation, runs: runs(runUids) },
      )) as Row[]
    },
    async piece(run, fromSequence, limit) {
      const params: Record<string, ClickHouseParam> = {
        i: installation,
        run: BigInt(run),
        n: limit,
      }
      if (fromSequence !== null) params.s = fromSequence
      const from = fromSequence === null ? '' : ' AND sequence >= {s:Int64}'
      return (await ch.query(
        `SELECT ${EVENT_COLUMNS} FROM rd_events FINAL
         WHERE installation = {i:String} AND run = {run:UInt64}${from}
         ORDER BY sequence, uid LIMIT {n:UInt32}`,
        params,
      )) as Row[]
    },
  }
}
