import { KNOWN_RUN_STATUSES, type RunRowItem } from '../contract'
import { countedTimeIn, type SummaryScope } from '../summary'
import { unionSorted } from '../summary/records'
import {
  runRowFromItem,
  runRowOf,
  type RowRun,
  type RowUnreadableStep,
  type RunRow,
} from './run-row'

/** The runs list of one scope: one compact row per run, in the order the pages came. */
export interface RunsSummary {
  rows: RunRow[]
  /** Run statuses the contract does not name, seen on the rows (sorted). */
  unknownRunStatuses: string[]
}

/** The list of nothing. */
export function emptyRunsSummary(): RunsSummary {
  return { rows: [], unknownRunStatuses: [] }
}

const knownStatuses: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)

/**
 * `summary` with one row per run of `runs` appended (the input is not changed; the rows array is
 * a new one). No runs give an equal copy. Rows count the steps of `scope` only; with tools
 * selected, a run is listed as the API's `tool` filter lists it: for a tool step of one of them
 * inside the range, whether its outcome could be read or not.
 */
export function foldRunRows(
  summary: RunsSummary,
  runs: Iterable<RowRun>,
  scope: SummaryScope,
): RunsSummary {
  const countedTime = countedTimeIn(scope)
  const added: RunRow[] = []
  const byTool = scope.tools.length > 0
  for (const run of runs) {
    const row = runRowOf(run, countedTime)
    // The same rule stands when every tool's runs had to be fetched.
    if (byTool && row.toolCalls === 0 && !hasNamedCall(run.unreadableSteps, countedTime)) continue
    added.push(row)
  }
  return withRows(summary, added)
}

/**
 * `summary` with the rows of runs the server counted (`GET /run-rows`) appended: the server
 * listed and counted them by the rules {@link foldRunRows} applies to whole runs.
 */
export function foldServedRows(summary: RunsSummary, items: Iterable<RunRowItem>): RunsSummary {
  return withRows(summary, Array.from(items, runRowFromItem))
}

/** `summary` with `added` after its rows, and their statuses the contract does not name. */
function withRows(summary: RunsSummary, added: readonly RunRow[]): RunsSummary {
  const statuses = new Set<string>()
  for (const row of added) if (!knownStatuses.has(row.status)) statuses.add(row.status)
  return {
    rows: summary.rows.concat(added),
    unknownRunStatuses:
      statuses.size > 0
        ? unionSorted(summary.unknownRunStatuses, statuses)
        : summary.unknownRunStatuses,
  }
}

/** Whether an unreadable step is a tool call the scope names by a name that could be read. */
function hasNamedCall(
  steps: readonly RowUnreadableStep[] | undefined,
  countedTime: (step: RowUnreadableStep) => number,
): boolean {
  return steps?.some((step) => !Number.isNaN(countedTime(step))) ?? false
}
