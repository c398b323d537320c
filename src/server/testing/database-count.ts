import type { SummaryResponse } from '@/domain/contract'
import { outcomeOf, refusalCodeOf } from '@/domain/outcome'
import { bucketDay, createDayBuckets, dayOf } from '@/domain/time'
import { num, text, type Database } from '../db/database'
import { DIALECTS, type Dialect } from '../sql/dialect'
import { bound, join, raw, sql, type Fragment } from '../sql/fragment'
import { EVENTS, RUNS } from '../sql/tables'
import { namesOneOf, secondsFrom } from '../read/run-match'
import { decodeOutcomeFields, pairSql, type OutcomePairs } from '../read/outcome-pairs'
import { summaryOf, SummaryRows, type SummaryQuery } from '../read/summary-shape'
import { timeBuckets } from './time-buckets'
import { denyingRuns, stepsWithOpeners } from '../read/turn-opener'

/**
 * A reference for the tests, never served (decision 0022: the server counts one way, its view).
 * The pre-aggregated summary of decision 0008, counted by the database: the runs `/runs` would
 * list for the query, their tool calls in `[from, to)` grouped by local day, tool and outcome.
 * SQL groups the calls by time bucket and the raw payload texts the outcome rule reads (with the
 * `approved` of the approval that opened a failing call's turn, `stepsWithOpeners`); Node decodes each
 * group's fields and applies the project's one outcome rule (`outcomeOf`), so the rule is never
 * written in SQL. Which raw texts are refused, failed or unreadable is then bound into the
 * per-run statement as values.
 */
export async function countSummary(db: Database, query: SummaryQuery): Promise<SummaryResponse> {
  const d = DIALECTS[db.engine]
  const from = secondsFrom(query.from)
  const to = secondsFrom(query.to)
  const days = createDayBuckets(
    dayOf(query.from, query.tz),
    dayOf(query.to - 1, query.tz),
    query.tz,
  )
  const width = timeBuckets(days, from, to)
  // The runs that may hold a denied call among the steps in range, once for every statement.
  const denying = await denyingRuns(db, inRange(from, to))
  const callsInRange = bound(
    `${d.exact('e.kind')} = 'tool' AND e.crdate >= ? AND e.crdate < ?
       AND e.run IN (SELECT r.uid FROM ${RUNS} r)`,
    [from, to],
  )
  const grouped = sql`SELECT ${bound(d.intDiv('s.crdate'), [width])} AS bucket,
       ${raw(d.exact(d.field('s.j', 'toolName')))} AS tool,
       ${raw(d.exact(d.field('s.j', 'toolRefusal')))} AS refusal,
       ${raw(d.exact(d.field('s.j', 'toolIsError')))} AS is_error,
       ${raw(d.exact('s.opened_by'))} AS opened_by, COUNT(*) AS calls
     FROM ${stepsWithOpeners(d, callsInRange, denying)}
     GROUP BY 1, 2, 3, 4, 5`
  const groups = await db.query(grouped.sql, grouped.params)
  const pairs: OutcomePairs = { refused: [], failed: [], counted: [] }
  const seenPairs = new Set<string>()
  const rows = new SummaryRows()
  const wanted = new Set(query.tools)
  for (const group of groups) {
    const refusal = text(group.refusal)
    const isError = text(group.is_error)
    const openedBy = text(group.opened_by)
    const fields = decodeOutcomeFields(text(group.tool), refusal, isError, openedBy)
    const pairKey = JSON.stringify([refusal, isError, openedBy])
    if (!seenPairs.has(pairKey) && fields.outcome !== null) {
      seenPairs.add(pairKey)
      const outcome = outcomeOf(fields.outcome)
      const pair = { refusal: refusal ?? '', isError: isError ?? '', openedBy: openedBy ?? '' }
      pairs.counted.push(pair)
      if (outcome === 'failed') pairs.failed.push(pair)
      else if (refusalCodeOf(outcome) !== null) pairs.refused.push(pair)
    }
    if (fields.outcome === null || fields.toolName === null) continue
    if (wanted.size > 0 && !wanted.has(fields.toolName)) continue
    const start = Math.max(num(group.bucket) * width, from) * 1000
    const day = bucketDay(days, start)
    if (day === null) continue
    rows.add(day, fields.toolName, fields.outcome, num(group.calls))
  }
  const [runs, stepKinds] = await Promise.all([
    countRuns(db, d, query, from, to, pairs, denying),
    listKinds(db, d, query, from, to, pairs, denying),
  ])
  return summaryOf(query, rows, runs, stepKinds)
}

/** SQL 1 where a condition holds, else 0. */
const truth = (condition: Fragment): Fragment => sql`(CASE WHEN ${condition} THEN 1 ELSE 0 END)`
const and = (...parts: Fragment[]): Fragment => join(parts, ' AND ')

/** The steps `e` recorded in `[from, to)` (Unix seconds). */
const inRange = (from: number, to: number): Fragment =>
  bound('e.crdate >= ? AND e.crdate < ?', [from, to])

/**
 * The steps `s` (payload parsed as `s.j`, a failing call's turn opener as `s.opened_by`) of every
 * run in `[from, to)`, `tool_write` rows left out; `denying` as `stepsWithOpeners` takes it.
 */
function stepsInRange(d: Dialect, from: number, to: number, denying: readonly number[]) {
  return stepsWithOpeners(d, inRange(from, to), denying)
}

async function countRuns(
  db: Database,
  d: Dialect,
  query: SummaryQuery,
  from: number,
  to: number,
  pairs: OutcomePairs,
  denying: readonly number[],
) {
  const filtered = query.tools.length > 0
  const tool = bound(`${d.exact('s.kind')} = 'tool'`)
  const nameOk = bound(d.isText('s.j', 'toolName'))
  const selected = filtered ? namesOneOf(d, 's.j', query.tools) : nameOk
  const counted = pairSql(d, pairs.counted)
  const isCounted = and(tool, selected, nameOk, counted)
  const readable = truth(and(nameOk, counted))
  const unreadable = filtered
    ? sql`${tool} AND ${readable} = 0 AND (${truth(nameOk)} = 0 OR ${truth(selected)} = 1)`
    : sql`${tool} AND ${readable} = 0`
  const statement = sql`SELECT ${raw(d.exact('r.status'))} AS status, COUNT(*) AS runs,
      SUM(CASE WHEN m.calls > 0 THEN 1 ELSE 0 END) AS with_calls,
      SUM(CASE WHEN m.refused > 0 THEN 1 ELSE 0 END) AS with_refusal,
      SUM(CASE WHEN m.failed > 0 THEN 1 ELSE 0 END) AS with_failure,
      SUM(m.unreadable) AS unreadable
    FROM ${raw(RUNS)} r JOIN (
      SELECT s.run,
        SUM(${truth(isCounted)}) AS calls,
        SUM(${truth(and(isCounted, pairSql(d, pairs.refused)))}) AS refused,
        SUM(${truth(and(isCounted, pairSql(d, pairs.failed)))}) AS failed,
        SUM(${truth(unreadable)}) AS unreadable,
        MAX(${truth(and(tool, selected))}) AS hit
      FROM ${stepsInRange(d, from, to, denying)}
      GROUP BY s.run
    ) m ON m.run = r.uid
    ${raw(filtered ? 'WHERE m.hit = 1' : '')}
    GROUP BY 1`
  const result = await db.query(statement.sql, statement.params)
  const byStatus = new Map(result.map((row) => [text(row.status) ?? '', num(row.runs)]))
  const sum = (column: string) => result.reduce((total, row) => total + (num(row[column]) || 0), 0)
  return {
    runs: sum('runs'),
    withCalls: sum('with_calls'),
    withRefusal: sum('with_refusal'),
    withFailure: sum('with_failure'),
    unreadable: sum('unreadable'),
    byStatus,
  }
}

/** The kinds of the listed steps in range of the matching runs (unreadable tool steps are not listed). */
async function listKinds(
  db: Database,
  d: Dialect,
  query: SummaryQuery,
  from: number,
  to: number,
  pairs: OutcomePairs,
  denying: readonly number[],
): Promise<string[]> {
  const listed = truth(and(bound(d.isText('s.j', 'toolName')), pairSql(d, pairs.counted)))
  const matched =
    query.tools.length > 0
      ? sql`AND s.run IN (SELECT e.run FROM ${raw(EVENTS)} e WHERE ${raw(d.exact('e.kind'))} = 'tool'
           AND ${bound('e.crdate >= ? AND e.crdate < ?', [from, to])}
           AND ${namesOneOf(d, d.json('e.payload'), query.tools)})`
      : bound('')
  const statement = sql`SELECT DISTINCT ${raw(d.exact('s.kind'))} AS kind FROM ${stepsInRange(d, from, to, denying)}
      WHERE s.run IN (SELECT r.uid FROM ${raw(RUNS)} r) ${matched}
        AND (${raw(d.exact('s.kind'))} <> 'tool' OR ${listed} = 1)`
  const rows = await db.query(statement.sql, statement.params)
  return rows.map((row) => text(row.kind) ?? '')
}
