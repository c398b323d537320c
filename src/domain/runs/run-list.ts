import { compareStrings } from '../summary/records'
import { dayOf } from '../time'
import { outcomeParam, selectRuns, type RunListFilters } from './run-filters'
import type { RunRow } from './run-row'
import type { RunsCsvContext } from './runs-csv'
import { compareRunRows, type RunSort } from './sort-rows'

/** A runs list as the page shows it: the rows passing its filters in its order, and its facts. */
export interface ListedRuns<R extends RunRow> {
  rows: R[]
  /** Counted calls of the outcome the rows hold (`callsOf`). */
  calls: number
  /** Runs of the range before the list's own filters. */
  rangeRuns: number
  /** What the range's runs hold, A→Z: what the filters offer. */
  configurations: string[]
  statuses: string[]
  /** Refusal codes other than arguments and turn. */
  otherCodes: string[]
}

/**
 * The runs list of a range's rows: those passing `filters` (`matchesRunFilters`), ordered by
 * `compareRunRows(sort)`, with the values the range's rows hold. The reference the server's
 * `/run-list` is compared with; the mock answers with it.
 */
export function listRuns<R extends RunRow>(
  rows: readonly R[],
  filters: RunListFilters,
  sort: RunSort,
): ListedRuns<R> {
  const selection = selectRuns(rows, filters)
  return {
    rows: (selection.rows as R[]).sort(compareRunRows(sort)),
    calls: selection.calls,
    ...runListFacets(rows),
  }
}

/** How many runs a range holds, and their configurations, statuses and other codes, A→Z. */
export function runListFacets(
  rows: readonly RunRow[],
): Pick<ListedRuns<RunRow>, 'rangeRuns' | 'configurations' | 'statuses' | 'otherCodes'> {
  const configurations = new Set<string>()
  const statuses = new Set<string>()
  const codes = new Set<string>()
  for (const row of rows) {
    configurations.add(row.configuration)
    statuses.add(row.status)
    if (row.otherCodes !== null) for (const code of Object.keys(row.otherCodes)) codes.add(code)
  }
  const sorted = (values: Set<string>) => [...values].sort(compareStrings)
  return {
    rangeRuns: rows.length,
    configurations: sorted(configurations),
    statuses: sorted(statuses),
    otherCodes: sorted(codes),
  }
}

/**
 * What a runs list's CSV states of its filters when it covers `[from, to)` (epoch ms) of whole
 * days of `tz`: the first and last day, the zone, tools and the list's own filters.
 */
export function runListCsvContext(
  query: { from: number; to: number; tools: readonly string[]; filters: RunListFilters },
  tz: string,
): RunsCsvContext {
  const { outcome, configuration, status } = query.filters
  return {
    from: dayOf(query.from, tz),
    to: dayOf(query.to - 1, tz),
    tz,
    tools: query.tools,
    outcome: outcome === null ? '' : outcomeParam(outcome),
    configuration,
    status,
  }
}
