import { useDeferredValue, useEffect, useMemo } from 'react'
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
import { formatCount } from '@/components/ui/format-count'
import { EmptyState } from '@/components/ui/states'
import { DailyChart } from './daily-chart'
import { DecisionControls, type EffectParamsChange } from './decision-controls'
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
  // renders in the background in slices; the banner above it follows every page at once.
  const report = useDeferredValue(
    useMemo(
      () => (effect.state && windows ? { state: effect.state, windows, filters, catalogue } : null),
      [effect.state, windows, filters, catalogue],
    ),
  )

  if (settingRange) return null
  return (
    <div className="overview">
      {needFirst && first.usable && first.state?.status !== 'done' ? (
        <OverviewLoadBanner
          label="Looking for the first refused call (no decision date in /meta)"
          summary={first}
        />
      ) : null}
      {needFirst && (!first.usable || (first.state?.status === 'done' && firstMs === null)) ? (
        <EmptyState title="No decision date">
          The installation names no date for the argument check and no refused call is recorded.
          Once the check refuses a call, the comparison around that date appears here; you can also
          set a day with the decision day field or <code>since=</code> in the link.
        </EmptyState>
      ) : null}
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
            onFiltersChange ? () => onFiltersChange({ ...fullRange, preset: 'custom' }) : undefined
          }
        />
      ) : null}
      {decision && ranged ? <TimeStrip filters={filters} ranged={ranged} /> : null}
      <DailyChart
        filters={filters}
        meta={meta}
        decisionMs={decisionMs}
        onFiltersChange={onFiltersChange}
      />
      {windows?.emptySide === 'both' && ranged?.requested.emptySide === 'both' ? (
        <EmptyState title="No recorded data around the decision date">
          Tool calls before and after the decision date would be compared here once the installation
          records runs.
        </EmptyState>
      ) : null}
      {windows && windows.emptySide !== 'both' && catalogue === null ? (
        <OverviewLoadBanner
          label="Loading the tool catalogue"
          summary={{ ...effect, state: null, live: null }}
        />
      ) : null}
      {load && windows && windows.emptySide !== 'both' ? (
        <>
          <OverviewLoadBanner
            label="Loading the runs of both windows"
            summary={effect}
            done={(runs) => `All ${formatCount(runs)} runs of both windows loaded.`}
          />
          {report ? <EffectReport {...report} /> : null}
        </>
      ) : null}
    </div>
  )
}
