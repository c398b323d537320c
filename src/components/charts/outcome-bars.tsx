import { Bar, Tooltip, type BarRectangleItem, type TooltipContentProps } from 'recharts'
import type { ReactNode } from 'react'
import type { OUTCOME_SERIES, OutcomeSeriesKey } from './outcome-colors'

/*
 * The parts both outcome charts draw alike. Plain functions returning recharts' own elements,
 * not components: a chart finds its tooltip and bars among its children by their type.
 */

/** The tooltip of an outcome chart: shown on hover and on keyboard focus, no animation. */
export function outcomeTooltip(content: (tip: TooltipContentProps) => ReactNode) {
  return (
    <Tooltip
      content={content}
      filterNull={false}
      isAnimationActive={false}
      cursor={{ className: 'chart__cursor' }}
    />
  )
}

/** One stacked bar per series, in stacking order; a click on a segment names its datum. */
export function outcomeBars(
  series: ReadonlyArray<(typeof OUTCOME_SERIES)[number]>,
  onSegment: ((datum: unknown, key: OutcomeSeriesKey) => void) | undefined,
) {
  return series.map((s) => (
    <Bar
      key={s.key}
      dataKey={s.key}
      name={s.label}
      stackId="outcome"
      fill={s.color}
      isAnimationActive={false}
      className="chart-series"
      onClick={onSegment ? (item: BarRectangleItem) => onSegment(item.payload, s.key) : undefined}
    />
  ))
}
