import type { SummaryParams } from '../../domain/api-query'
import type { SummaryResponse } from '../../domain/contract'
import { outcomeOf, refusalCodeOf } from '../../domain/outcome'
import { bucketDay, createDayBuckets, dayOf } from '../../domain/time'
import { num, text, type Database, type SqlValue } from '../db/database'
import { DIALECTS, type Dialect } from '../sql/dialect'
import { EVENTS, RUNS, WRITE_KIND } from '../sql/tables'
import { secondsFrom } from './run-match'
import { decodeOutcomeFields, pairSql, type OutcomePairs } from './outcome-pairs'
import { timeBuckets } from './time-buckets'

type Query = Extract<SummaryParams, { ok: true }>
type Row = SummaryResponse['rows'][number]

/** `GET /summary` as the server answers it; `unreadableToolSteps` only when some were. */
export type ServedSummary = SummaryResponse & { unreadableToolSteps?: number }

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const truth = (condition: string): string => `(CASE WHEN ${condition} THEN 1 ELSE 0 END)`

/**
 * The pre-aggregated summary of decision 0008, counted by the database: the runs `/runs` would
 * list for the query, their tool calls in `[from, to)` grouped by local day, tool and outcome.
 * SQL groups the calls by time bucket and the raw payload text of the three fields the outcome
 * rule reads; Node decodes each group's fields and applies the project's one outcome rule
 * (`outcomeOf`), so the rule is never written in SQL. Which (refusal, error) pairs are refused,
 * failed or unreadable is then bound into the per-run statement as values.
 */
export async function countSummary(db: Database, query: Query): Promise<ServedSummary> {
  const d = DIALECTS[db.engine]
  const from = secondsFrom(query.from)
  const to = secondsFrom(query.to)
  const days = createDayBuckets(
    dayOf(query.from, query.tz),
    dayOf(query.to - 1, query.tz),
    query.tz,
  )
  const width = timeBuckets(days, from, to)
  const groups = await db.query(
    `SELECT ${d.intDiv('s.crdate')} AS bucket, ${d.exact(d.field('s.j', 'toolName'))} AS tool,
       ${d.exact(d.field('s.j', 'toolRefusal'))} AS refusal,
       ${d.exact(d.field('s.j', 'toolIsError'))} AS is_error,
       COUNT(*) AS calls
     FROM (SELECT e.crdate, ${d.json('e.payload')} AS j FROM ${EVENTS} e
           WHERE ${d.exact('e.kind')} = 'tool' AND e.crdate >= ? AND e.crdate < ?
             AND e.run IN (SELECT r.uid FROM ${RUNS} r)) s
     GROUP BY 1, 2, 3, 4`,
    [width, from, to],
  )
  const pairs: OutcomePairs = { refused: [], failed: [], counted: [] }
  const seenPairs = new Set<string>()
  const rows = new Map<string, Row>()
  const wanted = new Set(query.tools)
  for (const group of groups) {
    const refusal = text(group.refusal)
    const isError = text(group.is_error)
    const fields = decodeOutcomeFields(text(group.tool), refusal, isError)
    const pairKey = JSON.stringify([refusal, isError])
    if (!seenPairs.has(pairKey) && fields.outcome !== null) {
      seenPairs.add(pairKey)
      const outcome = outcomeOf(fields.outcome)
      const pair = { refusal: refusal ?? '', isError: isError ?? '' }
      pairs.counted.push(pair)
      if (outcome === 'failed') pairs.failed.push(pair)
      else if (outcome !== 'succeeded') pairs.refused.push(pair)
    }
    if (fields.outcome === null || fields.toolName === null) continue
    if (wanted.size > 0 && !wanted.has(fields.toolName)) continue
    const start = Math.max(num(group.bucket) * width, from) * 1000
    const day = bucketDay(days, start)
    if (day === null) continue
    const outcome = outcomeOf(fields.outcome)
    const code = refusalCodeOf(outcome)
    const summaryOutcome = code === null ? (outcome as 'succeeded' | 'failed') : 'refused'
    const key = JSON.stringify([day, fields.toolName, summaryOutcome, code])
    const row = rows.get(key) ?? {
      day,
      tool: fields.toolName,
      outcome: summaryOutcome,
      code,
      calls: 0,
    }
    row.calls += num(group.calls)
    rows.set(key, row)
  }
  const [runs, stepKinds] = await Promise.all([
    countRuns(db, d, query, from, to, pairs),
    listKinds(db, d, query, from, to, pairs),
  ])
  const summary: ServedSummary = {
    from: query.fromText,
    to: query.toText,
    tz: query.tz,
    tools: query.tools,
    runs: runs.runs,
    runsWithCalls: runs.withCalls,
    runsWithRefusal: runs.withRefusal,
    runsWithFailure: runs.withFailure,
    runsByStatus: runs.byStatus,
    rows: [...rows.entries()].sort(([a], [b]) => byText(a, b)).map(([, row]) => row),
    stepKinds,
  }
  if (runs.unreadable > 0) summary.unreadableToolSteps = runs.unreadable
  return summary
}

/** The conditions on one step `s` (with parsed payload `s.j`) that the per-run counts use. */
function stepConditions(d: Dialect, query: Query) {
  const nameOk = d.isText('s.j', 'toolName')
  const selected = query.tools.length > 0 ? d.textIn('s.j', 'toolName', query.tools.length) : nameOk
  return { nameOk, selected }
}

async function countRuns(
  db: Database,
  d: Dialect,
  query: Query,
  from: number,
  to: number,
  pairs: OutcomePairs,
) {
  const c = stepConditions(d, query)
  const counted = pairSql(d, pairs.counted)
  const refused = pairSql(d, pairs.refused)
  const failed = pairSql(d, pairs.failed)
  const tool = `${d.exact('s.kind')} = 'tool'`
  const isCounted = `${tool} AND ${c.selected} AND ${c.nameOk} AND ${counted.sql}`
  const filtered = query.tools.length > 0
  const unreadable = `${tool} AND ${truth(`${c.nameOk} AND ${counted.sql}`)} = 0${
    filtered ? ` AND (${truth(c.nameOk)} = 0 OR ${truth(c.selected)} = 1)` : ''
  }`
  const sql = `SELECT ${d.exact('r.status')} AS status, COUNT(*) AS runs,
      SUM(CASE WHEN m.calls > 0 THEN 1 ELSE 0 END) AS with_calls,
      SUM(CASE WHEN m.refused > 0 THEN 1 ELSE 0 END) AS with_refusal,
      SUM(CASE WHEN m.failed > 0 THEN 1 ELSE 0 END) AS with_failure,
      SUM(m.unreadable) AS unreadable
    FROM ${RUNS} r JOIN (
      SELECT s.run,
        SUM(${truth(isCounted)}) AS calls,
        SUM(${truth(`${isCounted} AND ${refused.sql}`)}) AS refused,
        SUM(${truth(`${isCounted} AND ${failed.sql}`)}) AS failed,
        SUM(${truth(unreadable)}) AS unreadable,
        MAX(${truth(`${tool} AND ${c.selected}`)}) AS hit
      FROM (SELECT e.run, e.kind, ${d.json('e.payload')} AS j FROM ${EVENTS} e
            WHERE ${d.exact('e.kind')} <> '${WRITE_KIND}' AND e.crdate >= ? AND e.crdate < ?) s
      GROUP BY s.run
    ) m ON m.run = r.uid
    ${filtered ? 'WHERE m.hit = 1' : ''}
    GROUP BY 1`
  // Parameters in the order their placeholders appear in the text above.
  const sel = filtered ? query.tools.map((tool) => d.bindText(tool)) : []
  const isCountedParams = [...sel, ...counted.params]
  const unreadableParams = [...counted.params, ...(filtered ? sel : [])]
  const params: SqlValue[] = [
    ...isCountedParams,
    ...isCountedParams,
    ...refused.params,
    ...isCountedParams,
    ...failed.params,
    ...unreadableParams,
    ...sel,
    from,
    to,
  ]
  const result = await db.query(sql, params)
  const byStatus = result
    .map((row) => ({ status: text(row.status) ?? '', runs: num(row.runs) }))
    .sort((a, b) => byText(a.status, b.status))
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
  query: Query,
  from: number,
  to: number,
  pairs: OutcomePairs,
): Promise<string[]> {
  const counted = pairSql(d, pairs.counted)
  const filtered = query.tools.length > 0
  const matched = filtered
    ? `AND s.run IN (SELECT e.run FROM ${EVENTS} e WHERE ${d.exact('e.kind')} = 'tool' AND e.crdate >= ? AND e.crdate < ?
         AND ${d.textIn(d.json('e.payload'), 'toolName', query.tools.length)})`
    : ''
  const rows = await db.query(
    `SELECT DISTINCT ${d.exact('s.kind')} AS kind FROM (SELECT e.run, e.kind, ${d.json('e.payload')} AS j FROM ${EVENTS} e
        WHERE ${d.exact('e.kind')} <> '${WRITE_KIND}' AND e.crdate >= ? AND e.crdate < ?) s
      WHERE s.run IN (SELECT r.uid FROM ${RUNS} r) ${matched}
        AND (${d.exact('s.kind')} <> 'tool' OR ${truth(`${d.isText('s.j', 'toolName')} AND ${counted.sql}`)} = 1)`,
    [
      from,
      to,
      ...(filtered ? [from, to, ...query.tools.map((tool) => d.bindText(tool))] : []),
      ...counted.params,
    ],
  )
  return rows
    .map((row) => text(row.kind) ?? '')
    .filter((kind) => kind !== '')
    .sort(byText)
}
