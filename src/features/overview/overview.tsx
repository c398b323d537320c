import { useEffect, useMemo, type ReactNode } from 'react'
import type { Meta, Tool } from '@/domain/contract'
import {
  daysHolding,
  decisionDate,
  effectWindows,
  needsFirstRefusal,
  parseEffectParams,
  rangedWindows,
  type EffectParams,
} from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { dayRangeToInstants } from '@/domain/time'
import { useDeferredUntilEnded } from '@/api'
import { formatCount } from '@/components/ui/format-count'
import { EmptyState } from '@/components/ui/states'
import { DailyChart } from './daily-chart'
import { DecisionControls, type EffectParamsChange } from './decision-controls'
import { EffectAnswer } from './effect-answer'
import { useEffectMeasures } from './effect-measures'
import { EffectReport } from './effect-report'
import { OverviewLoadBanner } from './overview-load-banner'
import { RangeCutNotice } from './range-cut-notice'
import { TimeStrip } from './time-strip'
import { useEffectSummary, useFirstRefusal } from './use-effect-summary'
import './overview.css'

export interface OverviewProps {
  filters: Filters
  meta: Meta
  /** The tool catalogue; null while loading, [] when it could not be read. */
  catalogue: readonly Tool[] | null
  params: EffectParams
  onParamsChange: (change: EffectParamsChange) => void
  /** Writes a change of the filters to the URL, as the filter bar does (the chart's brush). */
  onFiltersChange?: (change: Partial<Filters>, options?: { replace?: boolean }) => void
  /** True when the link names the date range; else the range is set to hold the windows. */
  rangeInLink?: boolean
  /** The page's filter bar: placed after the answer, with the other controls. */
  filterBar?: ReactNode
}

const parsed = (instant: string | null) => (instant === null ? null : Date.parse(instant))

/** The overview: the effect of the argument check around its decision date. */
export function Overview({
  filters,
  meta,
  catalogue,
  params,
  onParamsChange,
  onFiltersChange,
  rangeInLink = true,
  filterBar = null,
}: OverviewProps) {
  const needFirst = needsFirstRefusal(params.sinceMs, meta.argumentCheckSince)
  const first = useFirstRefusal(meta, needFirst)
  const firstMs = first.state?.status === 'done' ? first.state.summary.firstMs : null
  const decision = decisionDate({
    sinceMs: params.sinceMs,
    argumentCheckSince: meta.argumentCheckSince,
    firstRefusalMs: firstMs,
  })
  const decisionMs = decision?.ms ?? null
  const tz = filters.tz
  const data = useMemo(
    () => ({ earliestMs: parsed(meta.earliestAt), latestMs: parsed(meta.latestAt) }),
    [meta.earliestAt, meta.latestAt],
  )
  const ranged = useMemo(
    () =>
      decisionMs === null
        ? null
        : rangedWindows(
            decisionMs,
            params.windowDays,
            data,
            dayRangeToInstants(filters.from, filters.to, tz),
            tz,
          ),
    [decisionMs, params.windowDays, data, filters.from, filters.to, tz],
  )
  // What the cards and the table count: the windows as far as the date range holds them.
  const windows = ranged?.counted ?? null
  const fullRange = ranged?.fullRange ?? null

  // A link without a date range opens on the days that hold both windows whole.
  useEffect(() => {
    if (!rangeInLink && fullRange && onFiltersChange)
      onFiltersChange({ ...fullRange, preset: 'custom' }, { replace: true })
  }, [rangeInLink, fullRange, onFiltersChange])

  // A new decision day or window length widens the range to hold the windows it asks for.
  const changeParams = (change: EffectParamsChange) => {
    // The day is read as `since=` in the link is read (its start in the zone).
    const sinceMs =
      change.since === undefined
        ? params.sinceMs
        : change.since === null
          ? null
          : parseEffectParams({ since: change.since }, tz).sinceMs
    const next = decisionDate({
      sinceMs,
      argumentCheckSince: meta.argumentCheckSince,
      firstRefusalMs: firstMs,
    })
    const range = next
      ? daysHolding(effectWindows(next.ms, change.window ?? params.windowDays, data), tz)
      : null
    onParamsChange(range ? { ...change, range } : change)
  }
  // The range holds no day on a side the data has: nothing to compare until it is widened.
  const rangeEmptiedSide = ranged?.emptiedByRange ?? false
  // Until the range holding the windows is in the link, nothing is loaded for the old one.
  const settingRange = !rangeInLink && fullRange !== null
  const load = useMemo(
    () =>
      windows && catalogue && !rangeEmptiedSide && !settingRange
        ? { windows, tools: filters.tools, catalogue }
        : null,
    [windows, filters.tools, catalogue, rangeEmptiedSide, settingRange],
  )
  const effect = useEffectSummary(load)
  // The report draws from a deferred copy (state with its windows and filters), which React
  // renders in the background in slices while runs load; the banner above it follows every page
  // at once, and the last state is drawn with it.
  const report = useDeferredUntilEnded(
    useMemo(
      () => (effect.state && windows ? { state: effect.state, windows, filters, catalogue } : null),
      [effect.state, windows, filters, catalogue],
    ),
    effect.state,
  )

  const measures = useEffectMeasures(report?.state ?? null, report?.catalogue ?? null)

  const comparing = windows !== null && windows.emptySide !== 'both'
  const loadBanner =
    load === null ? (
      <OverviewLoadBanner
        label="Loading the tool catalogue"
        summary={{ ...effect, state: null, live: null }}
      />
    ) : (
      <OverviewLoadBanner
        label="Loading the runs of both windows"
        summary={effect}
        done={(runs, counted) =>
          `All ${formatCount(runs)} runs of both windows ${counted ? 'counted by the installation' : 'loaded'}.`
        }
      />
    )
  // Until the range holding the windows is in the link, only the filter bar is drawn (kept in
  // its place, so it is not mounted anew).
  return (
    <div className="overview">
      {settingRange ? null : (
        <>
          {needFirst && first.usable && first.state?.status !== 'done' ? (
            <OverviewLoadBanner
              label="Looking for the first refused call (no decision date in /meta)"
              summary={first}
            />
          ) : null}
          {needFirst && (!first.usable || (first.state?.status === 'done' && firstMs === null)) ? (
            <EmptyState title="No decision date">
              The installation names no date for the argument check and no refused call is recorded.
              Once the check refuses a call, the comparison around that date appears here; you can
              also set a day with the decision day field or <code>since=</code> in the link.
            </EmptyState>
          ) : null}
          {windows?.emptySide === 'both' && ranged?.requested.emptySide === 'both' ? (
            <EmptyState title="No recorded data around the decision date">
              Tool calls before and after the decision date would be compared here once the
              installation records runs.
            </EmptyState>
          ) : null}
          {/* The answer comes first; what it was counted over follows it. */}
          {comparing && (load !== null || catalogue === null) ? (
            <EffectAnswer
              measures={report && measures ? measures : null}
              windows={report?.windows ?? windows}
              filters={report?.filters ?? filters}
              banner={loadBanner}
            />
          ) : null}
        </>
      )}
      {filterBar}
      {settingRange ? null : (
        <>
          {decision && windows ? (
            <DecisionControls
              decision={decision}
              windows={windows}
              windowDays={params.windowDays}
              zone={tz}
              requested={ranged?.requested}
              onChange={changeParams}
            />
          ) : null}
          {ranged?.cutByRange && fullRange ? (
            <RangeCutNotice
              ranged={ranged}
              filters={filters}
              onWiden={
                onFiltersChange
                  ? () => onFiltersChange({ ...fullRange, preset: 'custom' })
                  : undefined
              }
            />
          ) : null}
          {decision && ranged ? (
            <details className="ov-explain">
              <summary>Which days the chart, the cards and the table count</summary>
              <TimeStrip filters={filters} ranged={ranged} />
            </details>
          ) : null}
          <DailyChart
            filters={filters}
            meta={meta}
            decisionMs={decisionMs}
            onFiltersChange={onFiltersChange}
          />
          {comparing && load !== null && report && measures ? (
            <EffectReport
              summary={report.state.summary}
              measures={measures}
              windows={report.windows}
              filters={report.filters}
              catalogueLoaded={report.catalogue !== null}
            />
          ) : null}
        </>
      )}
    </div>
  )
}
