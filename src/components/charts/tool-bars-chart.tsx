import { memo, useMemo } from 'react'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import type { ToolBar } from '../../domain/summary'
import { OUTCOME_SERIES } from './outcome-colors'
import { plainTick } from './plain-tick'
import { useChartWidth } from './use-chart-width'

export interface ToolBarsChartProps {
  bars: ReadonlyArray<ToolBar>
  title: string
}

const shorten = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label)
const countTick = plainTick()

/**
 * Stacked horizontal bars per tool; draws prepared data only, once near the viewport, in the
 * space it keeps. Pass memoised `bars`: the chart redraws only for new props.
 */
export const ToolBarsChart = memo(function ToolBarsChart({ bars, title }: ToolBarsChartProps) {
  const series = OUTCOME_SERIES.filter((s) => bars.some((b) => b[s.key] > 0))
  const height = 60 + bars.length * 26
  const [ref, width] = useChartWidth<HTMLDivElement>()
  // Bars are keyed by position, not by label: a tool may well be named "other tools".
  const data = bars.map((bar, index) => ({ ...bar, slot: String(index) }))
  const labelOf = (slot: string) => bars[Number(slot)]?.label ?? ''
  const toolTick = useMemo(
    () => plainTick((slot) => shorten(bars[Number(slot)]?.label ?? '')),
    [bars],
  )
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div ref={ref} style={{ height }}>
        {width === null ? null : (
          <BarChart
            width={width}
            height={height}
            data={data}
            layout="vertical"
            margin={{ left: 8, right: 16 }}
          >
            <CartesianGrid horizontal={false} strokeOpacity={0.3} />
            <XAxis
              type="number"
              allowDecimals={false}
              tick={countTick}
              interval={0}
            />
            <YAxis
              type="category"
              dataKey="slot"
              width={200}
              tick={toolTick}
              interval={0}
            />
            <Tooltip
              labelFormatter={(slot) => labelOf(String(slot))}
              contentStyle={{ background: 'var(--bg)', border: '1px solid var(--border)' }}
              labelStyle={{ color: 'var(--text)' }}
            />
            <Legend />
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
