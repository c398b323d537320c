import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { ResponsiveContainer } from 'recharts'
import type { ToolBar } from '../../domain/summary'
import { OUTCOME_SERIES } from './outcome-colors'

export interface ToolBarsChartProps {
  bars: ReadonlyArray<ToolBar>
  title: string
}

const shorten = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label)

/** Stacked horizontal bars per tool; draws prepared data only. */
export function ToolBarsChart({ bars, title }: ToolBarsChartProps) {
  const series = OUTCOME_SERIES.filter((s) => bars.some((b) => b[s.key] > 0))
  const height = 60 + bars.length * 26
  // Bars are keyed by position, not by label: a tool may well be named "other tools".
  const data = bars.map((bar, index) => ({ ...bar, slot: String(index) }))
  const labelOf = (slot: string) => bars[Number(slot)]?.label ?? ''
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid horizontal={false} strokeOpacity={0.3} />
            <XAxis type="number" allowDecimals={false} tick={{ fill: 'currentColor' }} />
            <YAxis
              type="category"
              dataKey="slot"
              width={200}
              tickFormatter={(slot: string) => shorten(labelOf(slot))}
              tick={{ fill: 'currentColor', fontSize: 12 }}
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
        </ResponsiveContainer>
      </div>
    </figure>
  )
}
