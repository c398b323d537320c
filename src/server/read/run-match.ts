import type { RunQuery } from '@/domain/api-query'
import type { Dialect } from '../sql/dialect'
import { bound, join, raw, sql, type Fragment } from '../sql/fragment'
import { EVENTS, isStepRow } from '../sql/tables'

/** Unix seconds of the first whole second at or after an instant (crdate is whole seconds). */
export const secondsFrom = (ms: number): number => Math.ceil(ms / 1000)

/** The range of the CMS's time columns (`int(11)`: signed 32-bit Unix seconds). */
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 }

/**
 * `<column> <op> ?` on a 32-bit seconds column. PostgreSQL binds the value as the column's type
 * and refuses one out of its range (a 500 for `to=2038-01-19T03:14:08Z`); past the range the
 * outcome is known without asking, so it is written as a constant instead.
 */
export function secondsCompare(column: string, op: '>=' | '<', seconds: number): Fragment {
  if (seconds > INT32.max) return bound(op === '<' ? '1 = 1' : '1 = 0')
  if (seconds <= INT32.min) return bound(op === '<' ? '1 = 0' : '1 = 1')
  return bound(`${column} ${op} ?`, [seconds])
}

/** Whether a time column can hold `seconds` (so it may be bound against one). */
export const inSeconds = (seconds: number): boolean => seconds >= INT32.min && seconds <= INT32.max

/**
 * The step-time range `[from, to)` on `e.crdate`, as whole seconds: a step recorded at second `s`
 * occurred at `s * 1000` ms, inside the range exactly when `s` is inside the rounded-up bounds.
 */
export function stepRange(dialect: Dialect, query: Pick<RunQuery, 'from' | 'to'>): Fragment {
  const parts = [bound(isStepRow(dialect, 'e'))]
  if (query.from !== null) parts.push(secondsCompare('e.crdate', '>=', secondsFrom(query.from)))
  if (query.to !== null) parts.push(secondsCompare('e.crdate', '<', secondsFrom(query.to)))
  return join(parts, ' AND ')
}

/** True for a step `e` whose payload names one of `tools` exactly (no LIKE, no case folding). */
export function namesOneOf(dialect: Dialect, json: string, tools: readonly string[]): Fragment {
  return bound(
    dialect.textIn(json, 'toolName', tools.length),
    tools.map((tool) => dialect.bindText(tool)),
  )
}

/**
 * The contract's rule for which runs a query lists, on the run row `r`: one of its steps in the
 * range and, with tools, one of its tool steps in the range naming one of them. Without a range
 * or tools every run matches, with steps or without.
 */
export function runMatch(dialect: Dialect, query: RunQuery): Fragment {
  if (matchesEveryRun(query)) return bound('1 = 1')
  return sql`r.uid IN (SELECT e.run FROM ${raw(EVENTS)} e WHERE ${stepMatch(dialect, query)})`
}

/**
 * {@link runMatch} for a few runs named by uid: each looked up by its own steps (the index on
 * `run`), not by the steps of the whole range.
 */
export function runMatchByRun(dialect: Dialect, query: RunQuery): Fragment {
  if (matchesEveryRun(query)) return bound('1 = 1')
  // `OFFSET 0` keeps PostgreSQL from turning the EXISTS into a semi-join, where it AND-ed a bitmap
  // of the whole range's `crdate` index into each run's lookup (10.8 s for 19 runs of a year);
  // as a subquery per run it reads the run's own rows (1 ms). The others plan it so already.
  return sql`EXISTS (SELECT 1 FROM ${raw(EVENTS)} e WHERE e.run = r.uid AND ${stepMatch(dialect, query)}
    LIMIT 1 OFFSET 0)`
}

/** Without a range or tools every run is listed, with steps or without. */
const matchesEveryRun = (query: RunQuery): boolean =>
  query.from === null && query.to === null && query.tools.length === 0

/** The step `e` that lists its run for a query with a range or tools ({@link runMatch}). */
function stepMatch(dialect: Dialect, query: RunQuery): Fragment {
  const parts = [stepRange(dialect, query)]
  if (query.tools.length > 0) {
    parts.push(
      bound(`${dialect.exact('e.kind')} = 'tool'`),
      namesOneOf(dialect, dialect.json('e.payload'), query.tools),
    )
  }
  return join(parts, ' AND ')
}
