import { memo } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { SeriesPoint } from '../../domain/summary'
import { OUTCOME_SERIES } from './outcome-colors'
import { plainTick } from './plain-tick'
import { labelInterval, useChartWidth } from './use-chart-width'

export interface OutcomeSeriesChartProps {
  points: ReadonlyArray<SeriesPoint>
  granularity: 'day' | 'week' | 'month'
  title: string
  /** The bucket key holding the decision date, drawn as a marker; null for none. */
  markerKey?: string | null
  markerLabel?: string
}

/** The chart's height in px, legend included (a ChartPlaceholder keeps this space). */
export const SERIES_CHART_HEIGHT = 280
const HEIGHT = SERIES_CHART_HEIGHT
const bucketTick = plainTick(undefined, 11)
const countTick = plainTick()

/**
 * Calls per day (week, month) stacked by outcome. A bucket outside the recorded data is a gap
 * (null, nothing drawn), not a zero. Drawn once near the viewport, in the space it keeps.
 */
export const OutcomeSeriesChart = memo(function OutcomeSeriesChart({
  points,
  granularity,
  title,
  markerKey,
  markerLabel,
}: OutcomeSeriesChartProps) {
  const series = OUTCOME_SERIES.filter((s) => points.some((p) => (p[s.key] ?? 0) > 0))
  const [ref, width] = useChartWidth<HTMLDivElement>()
  return (
    <figure className="chart">
      <figcaption>
        {title} (per {granularity})
      </figcaption>
      <div ref={ref} style={{ height: HEIGHT }}>
        {width === null ? null : (
          <BarChart
            width={width}
            height={HEIGHT}
            data={[...points]}
            margin={{ top: 20, left: 8, right: 16 }}
          >
            <CartesianGrid vertical={false} strokeOpacity={0.3} />
            <XAxis
              dataKey="key"
              tick={bucketTick}
              interval={labelInterval(points.length, width - 90)}
            />
            <YAxis allowDecimals={false} tick={countTick} interval={0} />
            <Tooltip
              contentStyle={{ background: 'var(--bg)', border: '1px solid var(--border)' }}
              labelStyle={{ color: 'var(--text)' }}
            />
            <Legend />
            {markerKey ? (
              <ReferenceLine
                x={markerKey}
                stroke="currentColor"
                strokeDasharray="4 3"
                label={{ value: markerLabel ?? 'decision', position: 'top', fill: 'currentColor' }}
              />
            ) : null}
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="calls"
                fill={s.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>
    </figure>
  )
})
