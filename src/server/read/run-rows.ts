import { parseRunRowsParams } from '@/domain/api-query'
import type { RunRowItem, RunRowsPage } from '@/domain/contract'
import { ApiError } from '../http/api-error'
import { num, text, type Database, type Row } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import { integerIn, raw, sql } from '../sql/fragment'
import { EVENTS, isStepRow, RUNS } from '../sql/tables'
import type { RunTallies } from '../view/fold-run-tallies'
import { refusedOf } from '../view/run-list'
import { toolFieldText } from '../view/read-step-groups'
import { decodeOutcome, decodeToolName } from './outcome-pairs'
import { RUN_COLUMNS, runFields } from './runs'

/** Runs whose rows are read in one statement. */
const BATCH = 1000

const CURSOR_PREFIX = 'u'

/** The cursor after the run of `uid` (opaque to clients). */
export const runRowsCursor = (uid: number): string =>
  Buffer.from(`${CURSOR_PREFIX}${uid}`).toString('base64url')

/** The run uid a cursor continues after, or null when it is not one this server issued. */
export function runRowsCursorUid(cursor: string): number | null {
  const match = /^u(0|[1-9]\d{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString())
  const uid = match === null ? Number.NaN : Number(match[1])
  return Number.isSafeInteger(uid) && runRowsCursor(uid) === cursor ? uid : null
}

/**
 * A `/run-rows` request's query and the run uid its cursor continues after (null: the first
 * page); a query or cursor this API cannot take is a 400.
 */
export function runRowsRequest(url: URL) {
  const params = parseRunRowsParams(url.searchParams)
  if (!params.ok) throw new ApiError(400, 'bad_request', params.message)
  const after = params.cursor === null ? null : runRowsCursorUid(params.cursor)
  if (params.cursor !== null && after === null) {
    throw new ApiError(400, 'bad_request', '"cursor" is not a cursor this API issued.')
  }
  return { params, after }
}

/** Where a page's run rows (`RUN_COLUMNS`, as `runFields` reads them) and rounds come from. */
export interface RunRowsSource {
  fields(uids: readonly number[]): Promise<Map<number, Row>>
  rounds(uids: readonly number[]): Promise<Map<number, number>>
}

/** The CMS's own tables as a {@link RunRowsSource}. */
export const tablesOf = (db: Database): RunRowsSource => ({
  fields: (uids) => runRows(db, uids),
  rounds: (uids) => roundsOf(db, uids),
})

/** The run numbers of a page of `tallies`: after the cursor's run, at most `limit`. */
export function pageRunsOf(tallies: RunTallies, after: number | null, limit: number) {
  const start = after === null ? 0 : firstBelow(tallies, after)
  return { start, page: tallies.order.subarray(start, start + limit) }
}

/**
 * One page of a runs list (`GET /run-rows`): the runs of `tallies` after the cursor's run
 * (highest uid first), each with its counts from the tallies and, read now for these runs only,
 * its run row's fields and its rounds. A run whose row is gone meanwhile (purged) is left out.
 */
export async function pageOfRunRows(
  source: RunRowsSource,
  tallies: RunTallies,
  after: number | null,
  limit: number,
): Promise<RunRowsPage> {
  const { order, uids } = tallies
  const { start, page } = pageRunsOf(tallies, after, limit)
  const rows: RunRowItem[] = []
  for (let at = 0; at < page.length; at += BATCH) {
    const runs = [...page.subarray(at, at + BATCH)]
    const pageUids = runs.map((run) => uids[run] as number)
    const [fields, rounds] = await Promise.all([source.fields(pageUids), source.rounds(pageUids)])
    for (const run of runs) {
      const uid = uids[run] as number
      const row = fields.get(uid)
      if (row === undefined) continue
      rows.push(itemOf(tallies, run, row, rounds.get(uid) ?? 0))
    }
  }
  const last = page.at(-1)
  const more = start + limit < order.length && last !== undefined
  return {
    rows,
    nextCursor: more ? runRowsCursor(uids[last] as number) : null,
    totalRuns: order.length,
  }
}

/** The index in `order` of the first run whose uid is below `uid` (order is by uid, descending). */
function firstBelow({ order, uids }: RunTallies, uid: number): number {
  let low = 0
  let high = order.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((uids[order[middle] as number] as number) < uid) high = middle
    else low = middle + 1
  }
  return low
}

function itemOf(tallies: RunTallies, run: number, row: Row, rounds: number): RunRowItem {
  const { uuid, status, configuration, startedAt, finishedAt } = runFields(row)
  return {
    uuid,
    status,
    configuration,
    startedAt,
    finishedAt,
    rounds,
    toolCalls: tallies.toolCalls[run] as number,
    failed: tallies.failed[run] as number,
    denied: tallies.denied[run] as number,
    refused: refusedOf(tallies, run),
  }
}

/** The run rows of `uids`, by uid. */
async function runRows(db: Database, uids: readonly number[]): Promise<Map<number, Row>> {
  const statement = sql`SELECT ${raw(RUN_COLUMNS)} FROM ${raw(RUNS)} r WHERE ${integerIn('r.uid', uids)}`
  const rows = await db.query(statement.sql, statement.params)
  return new Map(rows.map((row) => [num(row.uid), row]))
}

/**
 * How many distinct rounds above 0 each run's listed steps have, as a run's `/runs` steps give
 * them (`domain/runs/run-row.ts`): a row is a listed step when its own columns are valid (kind
 * not empty, sequence and duration not negative; `tool_write` rows are not steps) and, for a tool
 * step, its name and outcome fields are readable — the view's and the step reader's rule. Only
 * tool steps' payloads are parsed.
 */
async function roundsOf(db: Database, uids: readonly number[]): Promise<Map<number, number>> {
  const d = DIALECTS[db.engine]
  const statement = sql`SELECT s.run, s.round, ${raw(d.exact('s.kind'))} AS kind,
      ${raw(toolFieldText(d, 'toolName'))} AS tool, ${raw(toolFieldText(d, 'toolRefusal'))} AS refusal,
      ${raw(toolFieldText(d, 'toolIsError'))} AS is_error
    FROM (SELECT e.run, e.round, e.kind, CASE WHEN ${raw(d.exact('e.kind'))} = 'tool'
        THEN ${raw(d.json('e.payload'))} END AS j FROM ${raw(EVENTS)} e
      WHERE ${integerIn('e.run', uids)} AND e.round > 0 AND e.sequence >= 0
        AND e.duration_ms >= 0 AND ${raw(d.exact('e.kind'))} <> '' AND ${raw(isStepRow(d, 'e'))}) s
    GROUP BY 1, 2, 3, 4, 5, 6`
  const rows = await db.query(statement.sql, statement.params)
  const rounds = new Map<number, Set<number>>()
  for (const row of rows) {
    const listed =
      text(row.kind) !== 'tool' ||
      (decodeToolName(text(row.tool)) !== null &&
        decodeOutcome(text(row.refusal), text(row.is_error)) !== null)
    if (!listed) continue
    const run = num(row.run)
    let seen = rounds.get(run)
    if (seen === undefined) rounds.set(run, (seen = new Set()))
    seen.add(num(row.round))
  }
  return new Map([...rounds].map(([run, seen]) => [run, seen.size]))
}
