import type { SummaryResponse } from '../domain/contract'
import { dayOf, isValidZone } from '../domain/time'

/** Where a `/summary` body breaks its own query or arithmetic, and what was expected there. */
export interface SummaryFlaw {
  path: string
  expected: string
}

/** The local days `[from, to)` covers in `tz`, first and last; null when it cannot be told. */
function daysOf(from: string, to: string, tz: string): { first: string; last: string } | null {
  const startMs = Date.parse(from)
  const endMs = Date.parse(to)
  if (!(startMs < endMs) || !isValidZone(tz)) return null
  return { first: dayOf(startMs, tz), last: dayOf(endMs - 1, tz) }
}

/**
 * The first thing in a `/summary` body (already echo-checked) that folding `/runs` for the same
 * query could never give, or null: a day outside `[from, to)` in `tz`, calls of a tool that was
 * not asked for, runs by status that do not add up to `runs`, more runs with calls, refusals or
 * failures than runs (or with calls), or calls without runs that have them (and the reverse).
 * Such a body is not used: the client folds `/runs` instead, which is the reference.
 */
export function summaryFlaw(
  body: SummaryResponse,
  query: { from: string; to: string; tz: string; tool: readonly string[] },
): SummaryFlaw | null {
  const days = daysOf(query.from, query.to, query.tz)
  const asked = query.tool.length > 0 ? new Set(query.tool) : null
  const calls = { all: 0, refused: 0, failed: 0 }
  for (const [i, row] of body.rows.entries()) {
    if (days !== null && (row.day < days.first || row.day > days.last)) {
      return {
        path: `rows[${i}].day`,
        expected: `a day of the range asked for (${days.first} to ${days.last})`,
      }
    }
    if (asked !== null && !asked.has(row.tool)) {
      return { path: `rows[${i}].tool`, expected: 'one of the tools asked for' }
    }
    calls.all += row.calls
    if (row.outcome === 'refused') calls.refused += row.calls
    if (row.outcome === 'failed') calls.failed += row.calls
  }
  const byStatus = body.runsByStatus.reduce((sum, group) => sum + group.runs, 0)
  if (byStatus !== body.runs) {
    return { path: 'runsByStatus', expected: `runs that add up to runs (${body.runs})` }
  }
  const within = (path: string, value: number, most: number, name: string, have: number) => {
    if (value > most) return { path, expected: `at most ${name} (${most})` }
    // Every run counted here has at least one such call, and every such call lies in one.
    if (value > have || have > 0 !== value > 0) {
      return { path, expected: `a count that fits the rows (${have} such calls)` }
    }
    return null
  }
  return (
    within('runsWithCalls', body.runsWithCalls, body.runs, 'runs', calls.all) ??
    within(
      'runsWithRefusal',
      body.runsWithRefusal,
      body.runsWithCalls,
      'runsWithCalls',
      calls.refused,
    ) ??
    within(
      'runsWithFailure',
      body.runsWithFailure,
      body.runsWithCalls,
      'runsWithCalls',
      calls.failed,
    )
  )
}
