import { useCallback, useMemo } from 'react'
import type { FoldedSummary } from '@/api'
import type { Filters } from '@/domain/filters'
import {
  describeSelection,
  outcomeParam,
  runListFacets,
  selectRuns,
  sortRunRows,
  toggleSort,
  type RunListFilters,
  type RunSort,
  type RunSortKey,
  type RunsSummary,
} from '@/domain/runs'
import { LoadingState } from '@/components/ui/states'
import { ExportRuns } from './export-runs'
import { RunListControls } from './run-list-controls'
import { RunsEmptyStates } from './runs-empty-states'
import { RunsLoadBanner } from './runs-load-banner'
import { RunsTable } from './runs-table'
import { useRunReturn } from './use-run-return'
import './runs.css'
import { formatCount } from '@/components/ui/format-count'

export interface RunsListProps {
  filters: Filters
  listFilters: RunListFilters
  onListFiltersChange: (next: RunListFilters) => void
  /** The current URL search, carried into every run link. */
  linkSearch: Record<string, string | string[]>
  /** The order of the rows (from the URL); a header click asks for the next one. */
  sort: RunSort
  onSortChange: (next: RunSort) => void
  runs: FoldedSummary<RunsSummary>
  /** The installation has recorded no run at all (`/meta`'s latestAt is null). */
  noRunsEver?: boolean
}

const NO_ROWS: RunsSummary['rows'] = []
const NO_LIST_FILTERS: RunListFilters = { outcome: null, configuration: null, status: null }
const num = formatCount

/** The runs list: load state, the list's own filters, how many runs and calls, CSV, table. */
export function RunsList({
  filters,
  listFilters,
  onListFiltersChange,
  linkSearch,
  sort,
  onSortChange,
  runs,
  noRunsEver = false,
}: RunsListProps) {
  const { state } = runs
  const allRows = state?.summary.rows ?? NO_ROWS
  const selection = useMemo(() => selectRuns(allRows, listFilters), [allRows, listFilters])
  const sorted = useMemo(() => sortRunRows(selection.rows, sort), [selection.rows, sort])
  const showOther = useMemo(() => selection.rows.some((r) => r.refusedOther > 0), [selection.rows])
  const facets = useMemo(() => runListFacets(allRows), [allRows])
  const onSort = useCallback(
    (key: RunSortKey) => onSortChange(toggleSort(sort, key)),
    [sort, onSortChange],
  )
  const complete = state?.status === 'done'

  // Back from a run (browser Back, Esc, the run page's link): focus that run's link again.
  const { focusRun, focusRestored, onOpenRun } = useRunReturn(selection.rows, complete)

  if (!state) return <LoadingState label="Loading runs" />
  const range = `${filters.from} to ${filters.to} (${filters.tz})`
  const headline = describeSelection(
    selection.rows.length,
    selection.calls,
    listFilters.outcome,
    filters.tools,
  )
  const filtered =
    listFilters.outcome !== null ||
    listFilters.configuration !== null ||
    listFilters.status !== null

  return (
    <div className="runs-list">
      <RunsLoadBanner
        state={runs.live ?? state}
        cancel={runs.cancel}
        resume={runs.resume}
        reload={runs.reload}
      />
      <RunListControls filters={listFilters} facets={facets} onChange={onListFiltersChange} />
      <p className="runs-headline" aria-live="polite">
        <strong>{headline}</strong>
        {complete ? null : (
          <span className="runs-headline__partial">
            {' '}
            — incomplete: counted in the {num(state.loadedRuns)} runs loaded so far, of{' '}
            {state.totalRuns === null ? 'an unknown number' : num(state.totalRuns)}
          </span>
        )}
        {filtered ? (
          <span className="muted">
            {' '}
            (of {num(allRows.length)} runs in {range})
          </span>
        ) : (
          <span className="muted"> in {range}</span>
        )}
      </p>
      <RunsEmptyStates
        rangeRuns={allRows.length}
        listedRuns={selection.rows.length}
        complete={complete}
        noRunsEver={noRunsEver}
        range={range}
        toolsSelected={filters.tools.length > 0}
        onShowAll={() => onListFiltersChange(NO_LIST_FILTERS)}
      />
      {selection.rows.length > 0 ? (
        <>
          <ExportRuns
            rows={sorted}
            complete={complete}
            context={{
              from: filters.from,
              to: filters.to,
              tz: filters.tz,
              tools: filters.tools,
              outcome: listFilters.outcome ? outcomeParam(listFilters.outcome) : '',
              configuration: listFilters.configuration,
              status: listFilters.status,
            }}
          />
          {filters.tools.length > 0 ? (
            <p className="muted runs-footnote">
              * With {filters.tools.length === 1 ? 'a tool' : 'tools'} selected, each run&apos;s
              counts are of {filters.tools.length === 1 ? 'its' : 'their'} calls only; a run&apos;s
              page shows all of its calls.
            </p>
          ) : null}
          <RunsTable
            rows={sorted}
            sort={sort}
            onSort={onSort}
            showOther={showOther}
            toolsSelected={filters.tools.length > 0}
            zone={filters.tz}
            linkSearch={linkSearch}
            focusRun={focusRun}
            onFocusRestored={focusRestored}
            onOpenRun={onOpenRun}
            caption={`Runs, ${range}${complete ? '' : ' — incomplete'}: ${num(selection.rows.length)} runs, newest first unless sorted otherwise`}
          />
        </>
      ) : null}
    </div>
  )
}
