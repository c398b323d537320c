import { lazy, memo, Suspense } from 'react'
import type { SeriesGranularity, SeriesPoint } from '@/domain/summary'
import { formatCount } from '../ui/format-count'
import { ChartLegend } from './chart-legend'
import { OUTCOME_SERIES, type OutcomeSeriesKey } from './outcome-colors'
import { stackMax } from './stack-bars'
import { useChartWidth } from './use-chart-width'
import './charts.css'

// recharts comes in a chunk of its own, once a chart is near the viewport: the page's figures
// and tables never wait for it.
const SeriesDrawing = lazy(() =>
  import('./series-drawing').then((m) => ({ default: m.SeriesDrawing })),
)

export interface OutcomeSeriesChartProps {
  points: ReadonlyArray<SeriesPoint>
  granularity: SeriesGranularity
  title: string
  /** The bucket key holding the decision date, drawn as a marker; null for none. */
  markerKey?: string | null
  markerLabel?: string
  /** A click on a segment: the bucket and outcome (open the runs behind it). */
  onSegmentClick?: (point: SeriesPoint, key: OutcomeSeriesKey) => void
  /** Shows a brush; called with the first and last bucket chosen with it. */
  onRangeSelect?: (first: SeriesPoint, last: SeriesPoint) => void
}

/** The chart's height in px, legend included (a ChartPlaceholder keeps this space). */
export const SERIES_CHART_HEIGHT = 300
/** The room kept below the drawing for one line of legend. */
const LEGEND = 32

const calls = (n: number) => `${formatCount(n)} ${n === 1 ? 'call' : 'calls'}`

/** The chart's summary for assistive technology; the numbers are in the page's table. */
function describe(
  points: ReadonlyArray<SeriesPoint>,
  granularity: SeriesGranularity,
  most: number,
  markerKey: string | null,
  markerLabel: string,
): string {
  // Days, not bucket keys: a week's key (2026-W45) names no day.
  const first = points[0]?.first
  const last = points[points.length - 1]?.last
  const marker = points.find((p) => p.key === markerKey)
  return (
    `Stacked bars of calls per ${granularity} by outcome` +
    (first === undefined ? '' : `, ${first} to ${last ?? first}`) +
    (most > 0 ? `, up to ${calls(most)} in a ${granularity}` : ', no calls drawn') +
    (marker ? `; a dashed line marks the ${markerLabel} (${marker.period})` : '') +
    '. Arrow keys show each bucket’s numbers; all numbers are in the table on this page.'
  )
}

/**
 * Calls per day (week, month, quarter) stacked by outcome, drawn with recharts once near the
 * viewport, in the space it keeps. A bucket outside the recorded data is a gap (null, nothing
 * drawn), not a zero. Tooltips show a bucket's numbers on hover and keyboard focus.
 */
export const OutcomeSeriesChart = memo(function OutcomeSeriesChart({
  points,
  granularity,
  title,
  markerKey,
  markerLabel,
  onSegmentClick,
  onRangeSelect,
}: OutcomeSeriesChartProps) {
  const series = OUTCOME_SERIES.filter((s) => points.some((p) => (p[s.key] ?? 0) > 0))
  const [ref, width] = useChartWidth<HTMLDivElement>()
  const marker = markerKey ?? null
  const label = markerLabel ?? 'decision'
  const most = stackMax(
    points,
    series.map((s) => s.key),
  )
  return (
    <figure className="chart">
      <figcaption>
        {title} (per {granularity})
      </figcaption>
      <div ref={ref} className="chart__box" style={{ minHeight: SERIES_CHART_HEIGHT }}>
        {width === null ? null : (
          <Suspense fallback={null}>
            <SeriesDrawing
              points={points}
              series={series}
              width={width}
              height={SERIES_CHART_HEIGHT - LEGEND}
              ariaLabel={describe(points, granularity, most, marker, label)}
              markerKey={marker}
              markerLabel={label}
              onSegmentClick={onSegmentClick}
              onRangeSelect={onRangeSelect}
            />
            <ChartLegend series={series} />
          </Suspense>
        )}
      </div>
    </figure>
  )
})
