import { TURN_LOOKBACK } from '@/domain/denied-calls'
import type { Dialect } from '../sql/dialect'
import { sql, type Fragment } from '../sql/fragment'
import { EVENTS, WRITE_KIND } from '../sql/tables'

/**
 * The event rows that match `where` (a condition on `e`), `tool_write` rows left out, as a
 * derived table `s` with `uid`, `run`, `sequence`, `kind`, `crdate`, the payload parsed as `j`
 * and `opened_by`: for a tool step whose `toolIsError` is the JSON `true`, the raw JSON text of
 * `approved` of the step that opened its turn — the nearest earlier step of its run (by
 * sequence, then row, at most `TURN_LOOKBACK` back) that is no call — when that step is an
 * `approval`; NULL otherwise. Node decides with the one rule (`isDeniedCall`) whether the call
 * was denied.
 *
 * Set-based, for every engine: the runs' steps just before and among the rows (`TURN_LOOKBACK`
 * back) are read beside them; a running count of steps that are no call numbers each turn
 * (`SUM … OVER`), and each row takes its turn's first step (`FIRST_VALUE`). A correlated look-back
 * per call took MariaDB seconds per thousand calls in a run of 300,000 steps: it seeks the run,
 * not the sequence, and its `MAX … OVER` a frame is quadratic.
 */
export function stepsWithOpeners(d: Dialect, where: Fragment): Fragment {
  const kind = (alias: string) => d.exact(`${alias}.kind`)
  const noCall = (alias: string) => `${kind(alias)} <> 'tool' AND ${kind(alias)} <> '${WRITE_KIND}'`
  const approved = (alias: string) =>
    `CASE WHEN ${kind(alias)} = 'approval' THEN ${d.field(d.json(`${alias}.payload`), 'approved')} END`
  const turn = `PARTITION BY n.run, n.turn ORDER BY n.sequence, n.uid`
  const first = (value: string) =>
    `FIRST_VALUE(CASE WHEN ${noCall('n')} THEN ${value} END) OVER (${turn})`
  return sql`(SELECT w.uid, w.run, w.sequence, w.kind, w.crdate, w.j,
      CASE WHEN ${kind('w')} = 'tool' AND ${d.exact(d.field('w.j', 'toolIsError'))} = 'true'
        AND w.opener_kind = 'approval' AND w.opener_sequence >= w.sequence - ${String(TURN_LOOKBACK)}
        THEN w.opener_approved END AS opened_by
    FROM (SELECT n.*, ${first(kind('n'))} AS opener_kind, ${first('n.sequence')} AS opener_sequence,
        ${first('n.approved')} AS opener_approved
      FROM (SELECT m.*, SUM(CASE WHEN ${noCall('m')} THEN 1 ELSE 0 END)
          OVER (PARTITION BY m.run ORDER BY m.sequence, m.uid ROWS UNBOUNDED PRECEDING) AS turn
        FROM (SELECT e.uid, e.run, e.sequence, e.kind, e.crdate, ${d.json('e.payload')} AS j,
              ${approved('e')} AS approved, 1 AS counted
            FROM ${EVENTS} e WHERE ${where} AND ${kind('e')} <> '${WRITE_KIND}'
          UNION ALL
          SELECT e.uid, e.run, e.sequence, e.kind, e.crdate, NULL, ${approved('e')}, 0
            FROM ${EVENTS} e JOIN (SELECT e.run, MIN(e.sequence) AS low, MAX(e.sequence) AS high
                FROM ${EVENTS} e WHERE ${where} GROUP BY e.run) span
              ON e.run = span.run AND e.sequence >= span.low - ${String(TURN_LOOKBACK)}
                AND e.sequence <= span.high
            WHERE NOT (${where}) AND ${noCall('e')}) m) n) w
    WHERE w.counted = 1) s`
}
