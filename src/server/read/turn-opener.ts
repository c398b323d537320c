import { TURN_LOOKBACK } from '@/domain/denied-calls'
import { num, type Database } from '../db/database'
import { DIALECTS, type Dialect } from '../sql/dialect'
import { integerIn, raw, sql, type Fragment } from '../sql/fragment'
import { EVENTS, isStepRow } from '../sql/tables'

const kind = (d: Dialect, alias: string) => d.exact(`${alias}.kind`)
const noCall = (d: Dialect, alias: string) =>
  `${kind(d, alias)} <> 'tool' AND ${isStepRow(d, alias)}`
/**
 * The row's round when it is a step `/runs` lists with its round (above 0, its own columns valid:
 * kind not empty, sequence and duration not negative), else 0. Whether a tool step's payload is
 * readable is the group's key's to say.
 */
const listedRound = (d: Dialect, alias: string) =>
  `CASE WHEN ${alias}.round > 0 AND ${alias}.sequence >= 0 AND ${alias}.duration_ms >= 0
    AND ${kind(d, alias)} <> '' THEN ${alias}.round ELSE 0 END`
/** {@link listedRound} of a step row; NULL for a row that is no step (`tool_write`, no kind). */
export const stepRound = (d: Dialect, alias: string) =>
  `CASE WHEN ${isStepRow(d, alias)} THEN ${listedRound(d, alias)} END`
const approvedOf = (d: Dialect, alias: string) => d.field(d.json(`${alias}.payload`), 'approved')

/** The runs of the rows matching `where` (on `e`): each one's first and last sequence among them. */
const spans = (where: Fragment): Fragment =>
  sql`(SELECT e.run, MIN(e.sequence) AS low, MAX(e.sequence) AS high
    FROM ${raw(EVENTS)} e WHERE ${where} GROUP BY e.run) span`

/** A row `alias` of a span's run from `TURN_LOOKBACK` before its first row to its last. */
const nearSpan = (alias: string) => `${alias}.run = span.run
  AND ${alias}.sequence >= span.low - ${String(TURN_LOOKBACK)} AND ${alias}.sequence <= span.high`

/**
 * The runs of the rows matching `where` (a condition on `e`) that hold an `approval` step with
 * `approved: false` near those rows (from `TURN_LOOKBACK` before the first to the last): only
 * they can hold a denied call among the rows. The condition on `approved` is `isDeniedCall`'s,
 * read from the same JSON text. A few per hundred runs; none most of the time.
 */
export async function denyingRuns(db: Database, where: Fragment): Promise<number[]> {
  const d = DIALECTS[db.engine]
  const denies = (alias: string) =>
    `${kind(d, alias)} = 'approval' AND ${d.exact(approvedOf(d, alias))} = 'false'`
  // Among the rows themselves (read in order), and among the other steps of their runs near them
  // (before the first, or committed apart from them).
  const statement = sql`SELECT e.run FROM ${raw(EVENTS)} e WHERE ${where} AND ${raw(denies('e'))}
    UNION
    SELECT span.run FROM ${spans(where)} JOIN ${raw(EVENTS)} e ON ${raw(nearSpan('e'))}
    WHERE NOT (${where}) AND ${raw(denies('e'))}`
  const rows = await db.query(statement.sql, statement.params, { bulk: true })
  return rows.map((row) => num(row.run))
}

/**
 * The event rows that match `where` (a condition on `e`), `tool_write` rows left out, as a
 * derived table `s` with `uid`, `run`, `sequence`, `kind`, `crdate`, the payload parsed as `j`
 * and `opened_by` (and `lround`, the round `/runs` lists the step with, else 0): for a tool step whose `toolIsError` is the JSON `true`, the raw JSON text of
 * `approved` of the step that opened its turn — the nearest earlier step of its run (by
 * sequence, then row, at most `TURN_LOOKBACK` back) that is no call — when that step is an
 * `approval`; NULL otherwise. Node decides with the one rule (`isDeniedCall`) whether the call
 * was denied. `denying` ({@link denyingRuns}) are the only runs whose rows can have a denying
 * opener; every other row gets NULL without looking.
 *
 * Set-based, for every engine: the denying runs' rows are read with those runs' steps just
 * before and among them; a running count of steps that are no call numbers each turn
 * (`SUM … OVER`), and each row takes its turn's first step (`FIRST_VALUE`). A correlated
 * look-back per failing call took MariaDB seconds per thousand calls in a run of 300,000 steps
 * (it seeks the run, not the sequence); turn windows over every row cost it four times the plain
 * read, so only the few denying runs get them. The steps near them are asked by run too (the
 * same runs as the join's): without it, PostgreSQL on a table without statistics read all ten
 * million rows for each statement (2 s).
 */
export function stepsWithOpeners(
  d: Dialect,
  where: Fragment,
  denying: readonly number[],
): Fragment {
  const plain = (condition: Fragment) => sql`SELECT e.uid, e.run, e.sequence, e.kind, e.crdate,
      ${raw(d.json('e.payload'))} AS j, NULL AS opened_by, ${raw(listedRound(d, 'e'))} AS lround
    FROM ${raw(EVENTS)} e WHERE ${condition} AND ${raw(isStepRow(d, 'e'))}`
  if (denying.length === 0) return sql`(${plain(where)}) s`
  const theirs = integerIn('e.run', denying)
  const approved = (alias: string) =>
    `CASE WHEN ${kind(d, alias)} = 'approval' THEN ${approvedOf(d, alias)} END`
  const turn = `PARTITION BY n.run, n.turn ORDER BY n.sequence, n.uid`
  const first = (value: string) =>
    `FIRST_VALUE(CASE WHEN ${noCall(d, 'n')} THEN ${value} END) OVER (${turn})`
  return sql`(${plain(sql`${where} AND NOT (${theirs})`)}
  UNION ALL
  SELECT w.uid, w.run, w.sequence, w.kind, w.crdate, w.j,
      CASE WHEN ${raw(kind(d, 'w'))} = 'tool' AND ${raw(d.exact(d.field('w.j', 'toolIsError')))} = 'true'
        AND w.opener_kind = 'approval'
        AND w.opener_sequence >= w.sequence - ${raw(String(TURN_LOOKBACK))}
        THEN w.opener_approved END, w.lround
    FROM (SELECT n.*, ${raw(first(kind(d, 'n')))} AS opener_kind,
        ${raw(first('n.sequence'))} AS opener_sequence, ${raw(first('n.approved'))} AS opener_approved
      FROM (SELECT m.*, SUM(CASE WHEN ${raw(noCall(d, 'm'))} THEN 1 ELSE 0 END)
          OVER (PARTITION BY m.run ORDER BY m.sequence, m.uid ROWS UNBOUNDED PRECEDING) AS turn
        FROM (SELECT e.uid, e.run, e.sequence, e.kind, e.crdate, ${raw(d.json('e.payload'))} AS j,
              ${raw(approved('e'))} AS approved, 1 AS counted, ${raw(listedRound(d, 'e'))} AS lround
            FROM ${raw(EVENTS)} e WHERE ${where} AND ${theirs} AND ${raw(isStepRow(d, 'e'))}
          UNION ALL
          SELECT e.uid, e.run, e.sequence, e.kind, e.crdate, NULL, ${raw(approved('e'))}, 0, 0
            FROM ${raw(EVENTS)} e JOIN ${spans(sql`${where} AND ${theirs}`)} ON ${raw(nearSpan('e'))}
            WHERE NOT (${where}) AND ${raw(noCall(d, 'e'))} AND ${theirs}) m) n) w
    WHERE w.counted = 1) s`
}

/** `stepsWithOpeners` with its denying runs looked up first, for a caller with one statement. */
export async function openersFor(db: Database, where: Fragment): Promise<Fragment> {
  return stepsWithOpeners(DIALECTS[db.engine], where, await denyingRuns(db, where))
}
