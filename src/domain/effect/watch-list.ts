import type { CountsRow } from '../summary'
import type { Comparison } from './comparison'

/** "About zero": a failure rate before the decision at or below this share. */
export const WATCH_MAX_FAILURE_RATE_BEFORE = 0.01

/** A tool refusing after the decision that hardly ever failed before it. */
export interface WatchRow {
  tool: string
  before: CountsRow
  after: CountsRow
}

/**
 * Stricter-schema candidates (ADR 246 ◑): tools with `arguments` refusals after the decision
 * whose failure rate before was at most `maxRate` — the tool accepted those calls, the declared
 * schema now refuses them. A tool without calls before cannot show that and is left out. Most
 * refusals first; no comparison rows give an empty list.
 */
export function watchList(
  comparison: Comparison,
  maxRate: number = WATCH_MAX_FAILURE_RATE_BEFORE,
): WatchRow[] {
  return comparison.tools
    .filter(
      (row) =>
        row.tool !== null &&
        row.after.refusedArguments > 0 &&
        row.before.calls > 0 &&
        row.before.failed / row.before.calls <= maxRate,
    )
    .map((row) => ({ tool: row.tool ?? '', before: row.before, after: row.after }))
    .sort(
      (a, b) => b.after.refusedArguments - a.after.refusedArguments || (a.tool < b.tool ? -1 : 1),
    )
}
