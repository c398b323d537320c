import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { SeriesPoint } from '../../domain/summary'
import { OUTCOME_SERIES } from './outcome-colors'

export interface OutcomeSeriesChartProps {
  points: ReadonlyArray<SeriesPoint>
  granularity: 'day' | 'week'
  title: string
  /** The bucket key holding the decision date, drawn as a marker; null for none. */
  markerKey?: string | null
  markerLabel?: string
}

/**
 * Calls per day (or week) stacked by outcome. A bucket outside the recorded data is a gap
 * (null, nothing drawn), not a zero.
 */
export function OutcomeSeriesChart({
  points,
  granularity,
  title,
  markerKey,
  markerLabel,
}: OutcomeSeriesChartProps) {
  const series = OUTCOME_SERIES.filter((s) => points.some((p) => (p[s.key] ?? 0) > 0))
  return (
    <figure className="chart">
      <figcaption>
        {title} ({granularity === 'week' ? 'per week' : 'per day'})
      </figcaption>
      <div style={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...points]} margin={{ left: 8, right: 16 }}>
            <CartesianGrid vertical={false} strokeOpacity={0.3} />
            <XAxis dataKey="key" tick={{ fill: 'currentColor', fontSize: 11 }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fill: 'currentColor' }} />
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
        </ResponsiveContainer>
      </div>
    </figure>
  )
}
