import type { RunQuery } from '../../domain/api-query'
import type { SqlValue } from '../db/database'
import type { Dialect } from '../sql/dialect'
import { EVENTS, WRITE_KIND } from '../sql/tables'

/** A SQL condition with its bound values. */
export interface Condition {
  sql: string
  params: SqlValue[]
}

/** Unix seconds of the first whole second at or after an instant (crdate is whole seconds). */
export const secondsFrom = (ms: number): number => Math.ceil(ms / 1000)

/**
 * The step-time range `[from, to)` on `e.crdate`, as whole seconds: a step recorded at second `s`
 * occurred at `s * 1000` ms, inside the range exactly when `s` is inside the rounded-up bounds.
 */
export function stepRange(dialect: Dialect, query: Pick<RunQuery, 'from' | 'to'>): Condition {
  const parts: string[] = [`${dialect.exact('e.kind')} <> '${WRITE_KIND}'`]
  const params: SqlValue[] = []
  if (query.from !== null) {
    parts.push('e.crdate >= ?')
    params.push(secondsFrom(query.from))
  }
  if (query.to !== null) {
    parts.push('e.crdate < ?')
    params.push(secondsFrom(query.to))
  }
  return { sql: parts.join(' AND '), params }
}

/**
 * The contract's rule for which runs a query lists, on the run row `r`: one of its steps in the
 * range and, with tools, one of its tool steps in the range naming one of them (exactly: no
 * LIKE, no case folding). Without a range or tools every run matches, with steps or without.
 */
export function runMatch(dialect: Dialect, query: RunQuery): Condition {
  const ranged = query.from !== null || query.to !== null
  if (!ranged && query.tools.length === 0) return { sql: '1 = 1', params: [] }
  const range = stepRange(dialect, query)
  const parts = [range.sql]
  const params = [...range.params]
  if (query.tools.length > 0) {
    parts.push(
      `${dialect.exact('e.kind')} = 'tool'`,
      dialect.textIn(dialect.json('e.payload'), 'toolName', query.tools.length),
    )
    params.push(...query.tools.map((tool) => dialect.bindText(tool)))
  }
  return {
    sql: `r.uid IN (SELECT e.run FROM ${EVENTS} e WHERE ${parts.join(' AND ')})`,
    params,
  }
}
