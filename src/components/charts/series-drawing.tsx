import { useCallback, useRef, type FocusEvent, type KeyboardEvent } from 'react'
import {
  BarChart,
  Brush,
  CartesianGrid,
  ReferenceLine,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts'
import type { SeriesPoint } from '@/domain/summary'
import { formatCount } from '../ui/format-count'
import { AxisTick } from './axis-tick'
import { niceScale } from './axis-scale'
import { ChartTooltip } from './chart-tooltip'
import { noGridLines } from './grid-lines'
import { outcomeBars, outcomeTooltip } from './outcome-bars'
import type { OUTCOME_SERIES, OutcomeSeriesKey } from './outcome-colors'
import { stackMax } from './stack-bars'
import { labelInterval } from './use-chart-width'

export interface SeriesDrawingProps {
  points: ReadonlyArray<SeriesPoint>
  series: ReadonlyArray<(typeof OUTCOME_SERIES)[number]>
  width: number
  height: number
  ariaLabel: string
  markerKey: string | null
  markerLabel: string
  onSegmentClick?: (point: SeriesPoint, key: OutcomeSeriesKey) => void
  onRangeSelect?: (first: SeriesPoint, last: SeriesPoint) => void
}

/** About one digit (or comma) of a 12 px tick label. */
const CHAR_PX = 7.2
const BRUSH = 26
/** Right: half a day label (10 small digits), so the last label, centred under its bar, is whole. */
const MARGIN = { top: 20, right: 32, bottom: 0, left: 0 }

interface BrushRange {
  startIndex?: number
  endIndex?: number
}

/**
 * The outcome series drawn by recharts (in a chunk of its own, loaded once a chart is near the
 * viewport): one stacked bar per bucket, explicit ticks and sizes so recharts measures nothing,
 * no animation. Gaps (null) draw nothing. The brush sets the range once a drag (or a keyboard
 * move of a handle, on Enter or leaving it) ends.
 */
export function SeriesDrawing(props: SeriesDrawingProps) {
  const { points, series, width, height, ariaLabel, markerKey, markerLabel } = props
  const { onSegmentClick, onRangeSelect } = props
  const keys = series.map((s) => s.key)
  const scale = niceScale(stackMax(points, keys))
  const axisWidth = Math.ceil(formatCount(scale.top).length * CHAR_PX) + 12
  const plotWidth = Math.max(0, width - axisWidth - MARGIN.right)
  const labels = new Map(points.map((p) => [p.key, p.label]))
  const byKey = new Map(points.map((p) => [p.key, p]))
  const labelOf = (value: unknown) => labels.get(String(value)) ?? String(value ?? '')

  // The brush's last range, written to the URL when the person is done with it.
  const pending = useRef<BrushRange | null>(null)
  const commit = useCallback(() => {
    const range = pending.current
    pending.current = null
    if (!range || !onRangeSelect) return
    const first = points[range.startIndex ?? 0]
    const last = points[range.endIndex ?? points.length - 1]
    if (first && last && (first !== points[0] || last !== points[points.length - 1]))
      onRangeSelect(first, last)
  }, [points, onRangeSelect])
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit()
  }
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit()
  }

  const tooltip = (tip: TooltipContentProps) => {
    // By the axis value, not the payload: a gap (all null) has no payload but is named too.
    const point = byKey.get(String(tip.label))
    return (
      <ChartTooltip
        active={tip.active}
        datum={point ?? null}
        title={point?.period ?? ''}
        series={series}
        hint={onSegmentClick ? 'Click a bar to open its runs.' : undefined}
      />
    )
  }

  return (
    // Listens for the brush's own focusable handles (role slider) finishing a keyboard move.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="chart__drawing" onKeyUp={onKeyUp} onBlur={onBlur}>
      <BarChart
        width={width}
        height={height}
        data={points as SeriesPoint[]}
        margin={MARGIN}
        barCategoryGap="20%"
        title={ariaLabel}
        className={onSegmentClick ? 'chart--clickable' : undefined}
      >
        <CartesianGrid
          vertical={false}
          verticalCoordinatesGenerator={noGridLines}
          className="chart__grid"
        />
        <XAxis
          dataKey="key"
          interval={labelInterval(points.length, plotWidth)}
          tickLine={false}
          tick={(tick) => (
            <AxisTick {...tick} format={labelOf} anchor="middle" dy={14} size="small" />
          )}
        />
        <YAxis
          width={axisWidth}
          domain={[0, Math.max(1, scale.top)]}
          ticks={scale.ticks}
          interval={0}
          allowDecimals={false}
          axisLine={false}
          tickLine={false}
          tick={(tick) => (
            <AxisTick {...tick} format={(v) => formatCount(Number(v))} anchor="end" dy={4} />
          )}
        />
        {outcomeTooltip(tooltip)}
        {outcomeBars(
          series,
          onSegmentClick && ((datum, key) => onSegmentClick(datum as SeriesPoint, key)),
        )}
        {markerKey === null ? null : (
          <ReferenceLine
            x={markerKey}
            className="chart-marker"
            stroke="currentColor"
            strokeDasharray="4 3"
            label={(label: { viewBox?: { x?: number; y?: number } }) => (
              <text
                x={label.viewBox?.x ?? 0}
                y={(label.viewBox?.y ?? 0) - 6}
                textAnchor="middle"
                className="chart-marker__label"
              >
                {markerLabel}
              </text>
            )}
          />
        )}
        {onRangeSelect && points.length > 1 ? (
          <Brush
            dataKey="key"
            height={BRUSH - 6}
            travellerWidth={8}
            className="chart__brush"
            tickFormatter={labelOf}
            ariaLabel="Range of the chart: move a handle with the arrow keys, Enter sets the range"
            onChange={(range: BrushRange) => {
              pending.current = range
            }}
            onDragEnd={(range: BrushRange) => {
              pending.current = range
              commit()
            }}
          />
        ) : null}
      </BarChart>
    </div>
  )
}
