import { useNavigate } from '@tanstack/react-router'
import { memo, useCallback, useMemo } from 'react'
import type { Meta, Tool } from '@/domain/contract'
import { isWritingTool } from '@/domain/contract'
import type { Filters } from '@/domain/filters'
import { runsSearch, SERIES_RUNS_OUTCOME } from '@/domain/links'
import { decisionDate } from '@/domain/effect'
import { dayOf } from '@/domain/time'
import {
  otherRefusalCodes,
  outcomeSeries,
  pointKeyOf,
  seriesOptionsFor,
  shownToolSort,
  sortToolRows,
  toolRows,
  totalsRow,
  type ToolSort,
  type ToolSummary,
} from '@/domain/summary'
import {
  OutcomeSeriesChart,
  ToolBarsChart,
  useSeriesActions,
  type OutcomeSeriesKey,
} from '@/components/charts'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { UnreadableNotice } from '@/components/ui/unreadable-notice'
import { useCatalogueNames, useDeferredUntilEnded, type LoadState, type FoldedSummary } from '@/api'
import { ExportActions } from './export-actions'
import { ToolReportLoadBanner } from './tool-report-load-banner'
import { ToolTable } from './tool-table'
import { countOf } from '@/components/ui/format-count'

export interface ToolReportProps {
  filters: Filters
  meta: Meta
  catalogue: ReadonlyArray<Tool>
  summary: FoldedSummary<ToolSummary>
  /** The table's order (from the URL) and how to ask for another. */
  sort: ToolSort
  onSortChange: (next: ToolSort) => void
  /** Writes a change of the filters to the URL, as the filter bar does (the chart's brush). */
  onFiltersChange?: (change: Partial<Filters>) => void
}

/**
 * The tool report: load state, table, charts and exports for one set of filters. The banner
 * follows every loaded page at once; the table and charts draw from a deferred copy of the state,
 * which React renders in the background in slices, so a big render never blocks input.
 */
export function ToolReport({
  filters,
  meta,
  catalogue,
  summary,
  sort,
  onSortChange,
  onFiltersChange,
}: ToolReportProps) {
  const { state } = summary
  // Null until the catalogue is read: `catalogue` is empty then, and no tool is "not in it" yet.
  const catalogued = useCatalogueNames()
  // State and filters are deferred together, so the body never pairs a summary with other filters.
  const view = useMemo(
    () => (state ? { state, filters, meta, catalogue, catalogued } : null),
    [state, filters, meta, catalogue, catalogued],
  )
  const deferred = useDeferredUntilEnded(view, state)
  // The banner follows the live state: it never waits for the figures to redraw.
  const live = summary.live ?? state
  if (!live) return <LoadingState label="Loading runs" />
  return (
    <div className="tool-report">
      <ToolReportLoadBanner
        state={live}
        cancel={summary.cancel}
        resume={summary.resume}
        reload={summary.reload}
      />
      <UnreadableNotice count={live.summary.unreadableToolSteps} />
      {deferred ? (
        <ToolReportBody
          {...deferred}
          sort={sort}
          onSortChange={onSortChange}
          onFiltersChange={onFiltersChange}
        />
      ) : null}
    </div>
  )
}

interface ToolReportBodyProps {
  state: LoadState<ToolSummary>
  filters: Filters
  meta: Meta
  catalogue: ReadonlyArray<Tool>
  catalogued: ReadonlySet<string> | null
  sort: ToolSort
  onSortChange: (next: ToolSort) => void
  onFiltersChange?: (change: Partial<Filters>) => void
}

/** Empty state, exports, table and charts of one summary; memoised, so only a new state redraws it. */
const ToolReportBody = memo(function ToolReportBody({
  state,
  filters,
  meta,
  catalogue,
  catalogued,
  sort,
  onSortChange,
  onFiltersChange,
}: ToolReportBodyProps) {
  const rows = useMemo(() => toolRows(state.summary, catalogue), [state, catalogue])
  const writing = useMemo(
    () => new Set(catalogue.filter(isWritingTool).map((t) => t.name)),
    [catalogue],
  )
  const notOffered = useMemo(
    () => new Set(catalogue.filter((t) => t.offered === false).map((t) => t.name)),
    [catalogue],
  )
  const options = useMemo(() => seriesOptionsFor(filters, meta), [filters, meta])
  const series = useMemo(() => outcomeSeries(state.summary, options), [state, options])
  const navigate = useNavigate()
  const openToolRuns = useCallback(
    (tool: string, key: OutcomeSeriesKey) =>
      void navigate({
        to: '/runs',
        search: runsSearch(filters, [tool], { outcome: SERIES_RUNS_OUTCOME[key] }),
      }),
    [navigate, filters],
  )
  const { openBucketRuns, onRangeSelect } = useSeriesActions(filters, onFiltersChange)
  // The decision marker: the installation's own date (the overview can also take one from the
  // link or the first refusal).
  const decision = decisionDate({
    sinceMs: null,
    argumentCheckSince: meta.argumentCheckSince,
    firstRefusalMs: null,
  })
  const marker = pointKeyOf(series.points, decision ? dayOf(decision.ms, filters.tz) : null)
  const complete = state.status === 'done'
  // Figures short of calls the installation could not read are incomplete too, though loaded.
  const incomplete = !complete || state.summary.unreadableToolSteps > 0
  const range = `${filters.from} to ${filters.to} (${filters.tz})`
  const totals = totalsRow(rows)

  return (
    <>
      {rows.length === 0 && state.status === 'done' ? (
        meta.latestAt === null ? (
          <EmptyState title="This installation has not recorded any agent runs yet">
            Once agents run, every tool call appears here per tool and outcome: succeeded, failed,
            denied by an editor, or refused by the argument check with its code.
          </EmptyState>
        ) : (
          <EmptyState title="No tool calls in this range">
            Tool calls of the runs recorded from {range}
            {filters.tools.length > 0 ? ' for the selected tools' : ''} would appear here, per tool
            and outcome. Try a longer range or all tools.
          </EmptyState>
        )
      ) : null}
      {rows.length > 0 ? (
        <>
          <ExportActions
            filters={filters}
            rows={sortToolRows(rows, shownToolSort(sort, otherRefusalCodes(rows)))}
            complete={complete}
          />
          <ToolBarsChart
            rows={rows}
            title={`Calls per tool by outcome${incomplete ? ' — incomplete' : ''}`}
            onSegmentClick={openToolRuns}
          />
          <ToolTable
            rows={rows}
            totals={totals}
            otherCodes={otherRefusalCodes(rows)}
            writingTools={writing}
            notOffered={notOffered}
            catalogued={catalogued}
            filters={filters}
            sort={sort}
            onSortChange={onSortChange}
            caption={`Tool calls by outcome, ${range}${incomplete ? ' — incomplete' : ''}: ${countOf(rows.length, 'tool', 'tools')}`}
          />
          <div className="charts below-fold">
            <OutcomeSeriesChart
              points={series.points}
              granularity={series.granularity}
              title={`Calls by outcome over time${incomplete ? ' — incomplete' : ''}`}
              markerKey={marker}
              markerLabel="decision"
              onSegmentClick={openBucketRuns}
              onRangeSelect={onRangeSelect}
            />
          </div>
        </>
      ) : null}
    </>
  )
})
