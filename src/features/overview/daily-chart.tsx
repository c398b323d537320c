import { useDeferredValue, useMemo } from 'react'
import { hasEnded, useToolSummary } from '@/api'
import type { Meta } from '@/domain/contract'
import type { Filters } from '@/domain/filters'
import { outcomeSeries, pointKeyOf, seriesOptionsFor } from '@/domain/summary'
import { dayOf } from '@/domain/time'
import {
  ChartPlaceholder,
  OutcomeSeriesChart,
  SERIES_CHART_HEIGHT,
  useSeriesActions,
} from '@/components/charts'
import { formatCount } from '@/components/ui/format-count'
import { EmptyState } from '@/components/ui/states'
import { UnreadableNotice } from '@/components/ui/unreadable-notice'
import { OverviewLoadBanner } from './overview-load-banner'

export interface DailyChartProps {
  filters: Filters
  meta: Meta
  decisionMs: number | null
  /** Writes a change of the filters to the URL, as the filter bar does (the chart's brush). */
  onFiltersChange?: (change: Partial<Filters>) => void
}

/** The daily outcome chart of the filter range (the shared tool summary) with the decision marker. */
export function DailyChart({ filters, meta, decisionMs, onFiltersChange }: DailyChartProps) {
  const summary = useToolSummary(filters)
  // The chart draws from a deferred copy (state with its filters), rendered in the background,
  // its last state too: it shows no partial figures (it is drawn once the load has stopped,
  // below), so that state may come a moment after the banner's, off the load's busiest task.
  const current = summary.state
  const view = useDeferredValue(
    useMemo(() => ({ state: current, filters, meta }), [current, filters, meta]),
  )
  const { state, filters: shown } = view
  const options = useMemo(
    () => seriesOptionsFor(view.filters, view.meta),
    [view.filters, view.meta],
  )
  const series = useMemo(
    () => (state ? outcomeSeries(state.summary, options) : null),
    [state, options],
  )
  const day = decisionMs === null ? null : dayOf(decisionMs, shown.tz)
  const marker = series ? pointKeyOf(series.points, day) : null
  const { openBucketRuns: openRuns, onRangeSelect } = useSeriesActions(shown, onFiltersChange)
  const empty = state?.status === 'done' && Object.keys(state.summary.byDay).length === 0
  // Drawn once the load has stopped (done, or broken off with what it has): recharts draws a
  // chart in one long main-thread task, and redrawing it for every arriving page repeated that
  // task while the figures above were loading too (decision 0016). The banner shows the progress.
  const stopped = hasEnded(state)
  const unreadable = state?.summary.unreadableToolSteps ?? 0
  return (
    <section aria-labelledby="ov-daily">
      <h2 id="ov-daily" className="visually-hidden">
        Calls by outcome over time
      </h2>
      <OverviewLoadBanner
        label="Loading the chart of the range"
        summary={summary}
        // Not "daily": a long range is drawn per week or month (the chart's title says which).
        done={(runs, counted) =>
          `Chart: all ${formatCount(runs)} runs of the range ${counted ? 'counted by the installation' : 'loaded'}.`
        }
      />
      <UnreadableNotice count={unreadable} where={`from ${shown.from} to ${shown.to}`} />
      {empty ? (
        <EmptyState title="No tool calls in this range">
          Calls by outcome from {shown.from} to {shown.to} would appear here.
        </EmptyState>
      ) : null}
      {series && !empty && state && stopped ? (
        <OutcomeSeriesChart
          points={series.points}
          granularity={series.granularity}
          title={`Calls by outcome, ${shown.from} to ${shown.to} (${shown.tz})${state.status === 'done' && unreadable === 0 ? '' : ' — incomplete'}`}
          markerKey={marker}
          markerLabel="decision"
          onSegmentClick={openRuns}
          onRangeSelect={onRangeSelect}
        />
      ) : null}
      {!(series && stopped) && current?.status !== 'error' ? (
        <ChartPlaceholder
          title={`Calls by outcome, ${filters.from} to ${filters.to} (${filters.tz}) — loading`}
          height={SERIES_CHART_HEIGHT}
        />
      ) : null}
      {day !== null && series && marker === null ? (
        <p className="muted">The decision day {day} lies outside this range; no marker is drawn.</p>
      ) : null}
    </section>
  )
}
