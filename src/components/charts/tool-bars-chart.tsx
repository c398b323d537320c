import { memo } from 'react'
import type { ToolBar } from '../../domain/summary'
import { formatCount } from '../ui/format-count'
import { ChartLegend } from './chart-legend'
import { bandLayout, niceScale, scaleTo } from './axis-scale'
import { approxTextWidth, shortLabel } from './label-text'
import { OUTCOME_SERIES } from './outcome-colors'
import { stackMax, stackRow } from './stack-bars'
import { useChartWidth } from './use-chart-width'
import './charts.css'

export interface ToolBarsChartProps {
  bars: ReadonlyArray<ToolBar>
  title: string
}

const ROW = 26
/** Above the bars; below them the count axis. TOP + AXIS + one line of legend (30) = 60. */
const TOP = 4
const AXIS = 26
/** The label column; names are cut at 28 characters and clipped to it, never drawn past it. */
const LABELS = 200
const RIGHT = 28

const calls = (n: number) => `${formatCount(n)} ${n === 1 ? 'call' : 'calls'}`

/**
 * Stacked horizontal bars per tool, drawn as plain SVG; draws prepared data only, once near the
 * viewport, in the space it keeps (60 px + 26 px a bar). Tool names are untrusted: they are text
 * nodes only, cut at 28 characters with the full name in a `<title>`. Pass memoised `bars`.
 */
export const ToolBarsChart = memo(function ToolBarsChart({ bars, title }: ToolBarsChartProps) {
  const series = OUTCOME_SERIES.filter((s) => bars.some((b) => b[s.key] > 0))
  const height = 60 + bars.length * ROW
  const [ref, width] = useChartWidth<HTMLDivElement>()
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div ref={ref} style={{ minHeight: height }}>
        {width === null ? null : (
          <>
            <BarsSvg bars={bars} series={series} width={width} />
            <ChartLegend series={series} />
          </>
        )}
      </div>
    </figure>
  )
})

interface BarsSvgProps {
  bars: ReadonlyArray<ToolBar>
  series: ReadonlyArray<(typeof OUTCOME_SERIES)[number]>
  width: number
}

function BarsSvg({ bars, series, width }: BarsSvgProps) {
  const keys = series.map((s) => s.key)
  const most = stackMax(bars, keys)
  const rowsHeight = bars.length * ROW
  // With the legend below: 60 px + 26 px a bar in all, as the space the figure keeps.
  const svgHeight = TOP + rowsHeight + AXIS
  const plotWidth = Math.max(0, width - LABELS - RIGHT)
  // Tick labels ("1,500") need about 56 px each: fewer ticks on a narrow screen.
  const scale = niceScale(most, Math.max(2, Math.min(6, Math.floor(plotWidth / 56) + 1)))
  const x = (value: number) => LABELS + scaleTo(value, scale.top, plotWidth)
  const bands = bandLayout(bars.length, rowsHeight, 0.3)
  const label =
    `Stacked horizontal bars of calls per tool by outcome for ${bars.length} ` +
    `${bars.length === 1 ? 'bar' : 'bars'}` +
    (most > 0 ? `, up to ${calls(most)} a tool. ` : ', no calls drawn. ') +
    'The numbers are in the table on this page.'
  return (
    <svg className="chart__svg" width={width} height={svgHeight} role="img" aria-label={label}>
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line
            className={tick === 0 ? 'chart__baseline' : 'chart__grid'}
            x1={x(tick)}
            x2={x(tick)}
            y1={TOP}
            y2={TOP + rowsHeight}
          />
          <text x={x(tick)} y={TOP + rowsHeight + 16} textAnchor="middle">
            {formatCount(tick)}
          </text>
        </g>
      ))}
      {/* A nested svg clips the label column: a name of wide characters stops at the bars. */}
      <svg x={0} y={0} width={LABELS - 6} height={TOP + rowsHeight}>
        {bars.map((bar, i) => (
          // Keyed by position, not by label: a tool may well be named "other tools".
          <g key={i}>
            <title>{bar.label}</title>
            <Label text={shortLabel(bar.label)} y={TOP + i * ROW + ROW / 2} />
          </g>
        ))}
      </svg>
      {bars.map((bar, i) => {
        const band = bands[i] ?? { start: 0, size: 0 }
        const name =
          bar.tool === null ? `${bar.label} (${formatCount(bar.tools)} tools)` : bar.label
        return (
          <g key={i}>
            {stackRow(bar, keys).map((segment) => {
              const s = series.find((item) => item.key === segment.key)
              return (
                <rect
                  key={segment.key}
                  className="chart-segment"
                  x={x(segment.from)}
                  y={TOP + band.start}
                  width={x(segment.to) - x(segment.from)}
                  height={band.size}
                  fill={s?.color}
                >
                  <title>{`${name} · ${s?.label ?? segment.key} · ${calls(segment.value)}`}</title>
                </rect>
              )
            })}
          </g>
        )
      })}
    </svg>
  )
}

/**
 * A tool name in the label column. A name of wide characters (W, capitals, CJK, emoji) can be
 * wider than the column even at 28 characters: it is squeezed to the column, so its ellipsis
 * shows instead of being clipped away.
 */
function Label({ text, y }: { text: string; y: number }) {
  const room = LABELS - 8
  const squeeze = approxTextWidth(text) > room
  return (
    <text
      x={0}
      y={y}
      dy="0.32em"
      textLength={squeeze ? room : undefined}
      lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}
    >
      {text}
    </text>
  )
}
