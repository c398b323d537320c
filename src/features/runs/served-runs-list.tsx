import { useCallback, useMemo } from 'react'
import { describeApiError } from '@/api'
import type { RunListQuery } from '@/domain/api-query'
import { KNOWN_RUN_STATUSES } from '@/domain/contract'
import { runsFileName } from '@/domain/csv'
import type { Filters } from '@/domain/filters'
import {
  describeSelection,
  toggleSort,
  type RunListFilters,
  type RunRow,
  type RunSort,
  type RunSortKey,
} from '@/domain/runs'
import { ErrorState, LoadingState } from '@/components/ui/states'
import { formatCount } from '@/components/ui/format-count'
import { ExportServedRuns } from './export-served-runs'
import { pageCount, pageOfOffset } from './page-param'
import { RunListControls, type RunListFacets } from './run-list-controls'
import { RunsEmptyStates } from './runs-empty-states'
import { RunsPager } from './runs-pager'
import { RunsTable } from './runs-table'
import { useRunReturn } from './use-run-return'
import type { ServedRunList } from './use-served-run-list'
import './runs.css'

export interface ServedRunsListProps {
  served: Exclude<ServedRunList, { mode: 'fold' }>
  /** What the installation is asked for (range, tools, the list's filters, order). */
  query: RunListQuery
  /** The range's facets as last listed; null before its first page. */
  facets: RunListFacets | null
  filters: Filters
  listFilters: RunListFilters
  onListFiltersChange: (next: RunListFilters) => void
  linkSearch: Record<string, string | string[]>
  sort: RunSort
  onSortChange: (next: RunSort) => void
  /** The page asked for (1-based, from the URL). */
  page: number
  onPageChange: (page: number) => void
  noRunsEver?: boolean
}

const NO_ROWS: RunRow[] = []
const NO_FACETS: RunListFacets = { configurations: [], statuses: [], otherCodes: [] }
const NO_LIST_FILTERS: RunListFilters = { outcome: null, configuration: null, status: null }
const KNOWN_STATUSES: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)
// The demo answers its API inside the page, where no download link reaches (see the export).
const EXPORT_VIA = __DEMO__ ? 'fetch' : 'link'
const num = formatCount

function askingLabel(failures: number, failure: unknown): string {
  if (failures === 0) return 'Loading runs'
  return `Loading runs: ${describeApiError(failure).replace(/\.$/, '')}; trying again`
}

/**
 * The runs list as the installation serves it (`GET /run-list`): one page of the sorted,
 * filtered list, its counts and facets from the same answer, a pager, and the whole list as a
 * CSV file from the server. While another page, sort or filter loads, the page shown stays,
 * marked as updating.
 */
export function ServedRunsList({
  served,
  query,
  facets,
  filters,
  listFilters,
  onListFiltersChange,
  linkSearch,
  sort,
  onSortChange,
  page,
  onPageChange,
  noRunsEver = false,
}: ServedRunsListProps) {
  const shown = served.mode === 'served' ? served.shown : null
  const pending = served.mode === 'served' && served.pending
  const rows = shown?.rows ?? NO_ROWS
  // By the range's codes, not the page's rows: the column stays put from page to page.
  const showOther = useMemo(
    () => (facets?.otherCodes.length ?? 0) > 0 || rows.some((r) => r.refusedOther > 0),
    [facets, rows],
  )
  const onSort = useCallback(
    (key: RunSortKey) => onSortChange(toggleSort(sort, key)),
    [sort, onSortChange],
  )
  // Back from a run: its link is focused again once the page holding it shows.
  const { focusRun, focusRestored, onOpenRun } = useRunReturn(rows, shown !== null && !pending)

  if (served.mode === 'asking') {
    return <LoadingState label={askingLabel(served.failures, served.failure)} />
  }
  const range = `${filters.from} to ${filters.to} (${filters.tz})`
  const unknown = (facets?.statuses ?? []).filter((status) => !KNOWN_STATUSES.has(status))
  const controls = (
    <RunListControls
      filters={listFilters}
      facets={facets ?? NO_FACETS}
      onChange={onListFiltersChange}
    />
  )
  if (shown === null) {
    return (
      <div className="runs-list">
        {controls}
        <ErrorState
          title="The runs could not be loaded"
          message={describeApiError(served.error)}
          onRetry={served.retry}
        />
      </div>
    )
  }

  const { totalRuns, rangeRuns, calls, offset } = shown.page
  const filtered =
    listFilters.outcome !== null ||
    listFilters.configuration !== null ||
    listFilters.status !== null
  const first = offset + 1
  const last = offset + rows.length
  return (
    <div className="runs-list">
      <p className="muted">
        Counted by the installation from its run records and listed a page at a time, not folded in
        this browser.
      </p>
      {unknown.length > 0 ? (
        <ul className="warnings" role="status">
          <li>
            Run statuses this dashboard does not know yet are listed as they are:{' '}
            {unknown.join(', ')}.
          </li>
        </ul>
      ) : null}
      {controls}
      <div className={pending ? 'runs-served is-pending' : 'runs-served'} aria-busy={pending}>
        <p className="runs-headline" aria-live="polite">
          <strong>{describeSelection(totalRuns, calls, listFilters.outcome, filters.tools)}</strong>
          {pending ? <span className="runs-headline__pending"> — updating…</span> : null}
          {filtered ? (
            <span className="muted">
              {' '}
              (of {num(rangeRuns)} runs in {range})
            </span>
          ) : (
            <span className="muted"> in {range}</span>
          )}
        </p>
        <RunsEmptyStates
          rangeRuns={rangeRuns}
          listedRuns={totalRuns}
          complete
          noRunsEver={noRunsEver}
          range={range}
          toolsSelected={filters.tools.length > 0}
          onShowAll={() => onListFiltersChange(NO_LIST_FILTERS)}
        />
        {rows.length > 0 ? (
          <>
            <ExportServedRuns
              query={query}
              tz={filters.tz}
              fileName={runsFileName(filters.from, filters.to)}
              runs={totalRuns}
              via={EXPORT_VIA}
              pending={pending}
            />
            {filters.tools.length > 0 ? (
              <p className="muted runs-footnote">
                * With {filters.tools.length === 1 ? 'a tool' : 'tools'} selected, each run&apos;s
                counts are of {filters.tools.length === 1 ? 'its' : 'their'} calls only; a
                run&apos;s page shows all of its calls.
              </p>
            ) : null}
            <p className="runs-count">
              Runs {num(first)}–{num(last)} of {num(totalRuns)}
            </p>
            <RunsTable
              // A new page starts at its top.
              key={offset}
              rows={rows}
              page={{ offset, total: totalRuns }}
              sort={sort}
              onSort={onSort}
              showOther={showOther}
              toolsSelected={filters.tools.length > 0}
              zone={filters.tz}
              linkSearch={linkSearch}
              focusRun={focusRun}
              onFocusRestored={focusRestored}
              onOpenRun={onOpenRun}
              caption={`Runs, ${range}: ${num(totalRuns)} runs, newest first unless sorted otherwise`}
            />
            {pageCount(totalRuns) > 1 ? (
              <RunsPager
                page={pending ? page : pageOfOffset(offset)}
                pages={pageCount(totalRuns)}
                onPage={onPageChange}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  )
}
