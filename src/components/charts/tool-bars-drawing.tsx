import { BarChart, CartesianGrid, XAxis, YAxis, type TooltipContentProps } from 'recharts'
import type { KeyboardEvent as ReactKeyboardEvent } from 'react'
import type { ToolBar } from '@/domain/summary'
import { formatCount } from '../ui/format-count'
import { AxisTick } from './axis-tick'
import { niceScale } from './axis-scale'
import { ChartTooltip } from './chart-tooltip'
import { noGridLines } from './grid-lines'
import { outcomeBars, outcomeTooltip } from './outcome-bars'
import { approxTextWidth, shortLabel } from './label-text'
import type { OUTCOME_SERIES, OutcomeSeriesKey } from './outcome-colors'
import { stackMax } from './stack-bars'

export interface ToolBarsDrawingProps {
  bars: ReadonlyArray<ToolBar>
  /** The drawn series, in stacking order. */
  series: ReadonlyArray<(typeof OUTCOME_SERIES)[number]>
  width: number
  height: number
  ariaLabel: string
  onSegmentClick?: (tool: string, key: OutcomeSeriesKey) => void
}

/** The label column; names are cut at 28 characters and squeezed into it, never past it. */
export const LABELS = 200
/** On a narrow screen (a phone): a narrower column and names cut at 18 characters. */
const NARROW = { below: 600, labels: 136, chars: 18 }
const MARGIN = { top: 4, right: 28, bottom: 0, left: 0 }

/**
 * The per-tool bars drawn by recharts (in the charts' own chunk): one stacked horizontal bar per
 * tool, explicit ticks and sizes so recharts measures nothing, no animation. Tool names are
 * untrusted: text nodes only, cut at 28 characters with the full name in a `<title>`.
 */
export function ToolBarsDrawing(props: ToolBarsDrawingProps) {
  const { bars, series, width, height, ariaLabel, onSegmentClick } = props
  const most = stackMax(
    bars,
    series.map((s) => s.key),
  )
  const narrow = width < NARROW.below
  const labels = narrow ? NARROW.labels : LABELS
  const chars = narrow ? NARROW.chars : 28
  const plotWidth = Math.max(0, width - labels - MARGIN.right)
  // Tick labels ("1,500") need about 56 px each: fewer ticks on a narrow screen.
  const scale = niceScale(most, Math.max(2, Math.min(6, Math.floor(plotWidth / 56) + 1)))
  const byTool = new Map(bars.map((b) => [b.tool, b]))
  const tooltip = (tip: TooltipContentProps) => {
    const bar = byTool.get(String(tip.label))
    return (
      <ChartTooltip
        active={tip.active}
        datum={bar ?? null}
        title={bar?.label ?? ''}
        series={series}
        hint={onSegmentClick ? 'Click a bar to open its runs.' : undefined}
      />
    )
  }
  return (
    // The bars run down the page; recharts' keyboard layer only knows left and right (in this
    // layout left is the next tool down). Up and down are read as the arrows they look like.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="chart__drawing" onKeyDown={upAndDown}>
      <BarChart
        width={width}
        height={height}
        data={bars as ToolBar[]}
        layout="vertical"
        margin={MARGIN}
        barCategoryGap="22%"
        title={ariaLabel}
        className={onSegmentClick ? 'chart--clickable' : undefined}
      >
        <CartesianGrid
          horizontal={false}
          horizontalCoordinatesGenerator={noGridLines}
          className="chart__grid"
        />
        <XAxis
          type="number"
          domain={[0, Math.max(1, scale.top)]}
          ticks={scale.ticks}
          interval={0}
          allowDecimals={false}
          tickLine={false}
          tick={(tick) => (
            <AxisTick {...tick} format={(v) => formatCount(Number(v))} anchor="middle" dy={14} />
          )}
        />
        <YAxis
          type="category"
          dataKey="tool"
          width={labels}
          interval={0}
          axisLine={false}
          tickLine={false}
          tick={(tick) => (
            <ToolLabel
              y={Number(tick.y ?? 0)}
              name={String(tick.payload.value)}
              column={labels}
              chars={chars}
            />
          )}
        />
        {outcomeTooltip(tooltip)}
        {outcomeBars(
          series,
          onSegmentClick &&
            ((datum, key) => {
              const tool = (datum as ToolBar).tool
              if (tool !== null) onSegmentClick(tool, key)
            }),
        )}
      </BarChart>
    </div>
  )
}

/** ↓ and ↑ on the focused chart move to the tool below and above, as ← and → do in recharts. */
function upAndDown(event: ReactKeyboardEvent<HTMLDivElement>): void {
  const as = event.key === 'ArrowDown' ? 'ArrowLeft' : event.key === 'ArrowUp' ? 'ArrowRight' : null
  if (as === null || !(event.target instanceof SVGSVGElement)) return
  // The page would scroll instead.
  event.preventDefault()
  event.target.dispatchEvent(new KeyboardEvent('keydown', { key: as, bubbles: true }))
}

/**
 * A tool name in the label column, with the full name as its `<title>`. A name of wide
 * characters (W, capitals, CJK, emoji) can be wider than the column even at 28 characters: it is
 * squeezed to the column, so its ellipsis shows instead of being clipped away.
 */
function ToolLabel(props: { y: number; name: string; column: number; chars: number }) {
  const { y, name, column, chars } = props
  const text = shortLabel(name, chars)
  const room = column - 8
  const squeeze = approxTextWidth(text) > room
  return (
    <g className="chart__tool-label">
      <title>{name}</title>
      <text
        x={0}
        y={y}
        dy="0.32em"
        textLength={squeeze ? room : undefined}
        lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}
      >
        {text}
      </text>
    </g>
  )
}
