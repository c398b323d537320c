import { memo } from 'react'
import type { SeriesGranularity, SeriesPoint } from '../../domain/summary'
import { formatCount } from '../ui/format-count'
import { ChartLegend } from './chart-legend'
import { bandLayout, niceScale, scaleTo } from './axis-scale'
import { OUTCOME_SERIES } from './outcome-colors'
import { stackMax, stackRow } from './stack-bars'
import { labelInterval, useChartWidth } from './use-chart-width'
import './charts.css'

export interface OutcomeSeriesChartProps {
  points: ReadonlyArray<SeriesPoint>
  granularity: SeriesGranularity
  title: string
  /** The bucket key holding the decision date, drawn as a marker; null for none. */
  markerKey?: string | null
  markerLabel?: string
}

/** The chart's height in px, legend included (a ChartPlaceholder keeps this space). */
export const SERIES_CHART_HEIGHT = 280
/** The room kept below the drawing for one line of legend. */
const LEGEND = 32
const SVG_HEIGHT = SERIES_CHART_HEIGHT - LEGEND
const TOP = 20
const BOTTOM = 22
const RIGHT = 16
/** About one digit (or comma) of a 12 px tick label. */
const CHAR_PX = 7.2

/** The centre of a label about `chars` characters wide at `x`, moved in so it is not cut off. */
const inside = (x: number, chars: number, width: number) => {
  const half = (chars * CHAR_PX) / 2
  return Math.max(half, Math.min(x, width - half))
}
const calls = (n: number) => `${formatCount(n)} ${n === 1 ? 'call' : 'calls'}`

/**
 * Calls per day (week, month) stacked by outcome, drawn as plain SVG. A bucket outside the
 * recorded data is a gap (null, nothing drawn), not a zero. Drawn once near the viewport, in the
 * space it keeps; each segment names its bucket, outcome and count in a `<title>`.
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
      <div ref={ref} style={{ minHeight: SERIES_CHART_HEIGHT }}>
        {width === null ? null : (
          <>
            <SeriesSvg
              points={points}
              granularity={granularity}
              series={series}
              width={width}
              markerKey={markerKey ?? null}
              markerLabel={markerLabel ?? 'decision'}
            />
            <ChartLegend series={series} />
          </>
        )}
      </div>
    </figure>
  )
})

interface SeriesSvgProps {
  points: ReadonlyArray<SeriesPoint>
  granularity: string
  series: ReadonlyArray<(typeof OUTCOME_SERIES)[number]>
  width: number
  markerKey: string | null
  markerLabel: string
}

function SeriesSvg({ points, granularity, series, width, markerKey, markerLabel }: SeriesSvgProps) {
  const keys = series.map((s) => s.key)
  const most = stackMax(points, keys)
  const scale = niceScale(most)
  const left = Math.ceil(formatCount(scale.top).length * CHAR_PX) + 12
  const plotWidth = Math.max(0, width - left - RIGHT)
  const plotHeight = SVG_HEIGHT - TOP - BOTTOM
  const bottom = TOP + plotHeight
  const y = (value: number) => bottom - scaleTo(value, scale.top, plotHeight)
  const bands = bandLayout(points.length, plotWidth)
  const every = labelInterval(points.length, plotWidth) + 1
  const centre = (i: number) => left + (bands[i]?.start ?? 0) + (bands[i]?.size ?? 0) / 2
  const marker = markerKey === null ? -1 : points.findIndex((p) => p.key === markerKey)
  const markerX = centre(marker)
  // Days, not bucket keys: a week's key (2026-W45) names no day.
  const first = points[0]?.first
  const last = points[points.length - 1]?.last
  const label =
    `Stacked bars of calls per ${granularity} by outcome` +
    (first === undefined ? '' : `, ${first} to ${last ?? first}`) +
    (most > 0 ? `, up to ${calls(most)} in a ${granularity}` : ', no calls drawn') +
    (marker < 0
      ? ''
      : `; a dashed line marks the ${markerLabel} (${points[marker]?.period ?? ''})`) +
    '. The numbers are in the table on this page.'
  return (
    <svg className="chart__svg" width={width} height={SVG_HEIGHT} role="img" aria-label={label}>
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line
            className={tick === 0 ? 'chart__baseline' : 'chart__grid'}
            x1={left}
            x2={left + plotWidth}
            y1={y(tick)}
            y2={y(tick)}
          />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatCount(tick)}
          </text>
        </g>
      ))}
      {points.map((point, i) => (
        <g key={point.key}>
          {stackRow(point, keys).map((segment) => {
            const s = series.find((item) => item.key === segment.key)
            return (
              <rect
                key={segment.key}
                className="chart-segment"
                x={left + (bands[i]?.start ?? 0)}
                y={y(segment.to)}
                width={bands[i]?.size ?? 0}
                height={y(segment.from) - y(segment.to)}
                fill={s?.color}
              >
                <title>{`${point.period} · ${s?.label ?? segment.key} · ${calls(segment.value)}`}</title>
              </rect>
            )
          })}
          {i % every === 0 ? (
            <text
              className="chart__tick--small"
              x={inside(centre(i), point.label.length, width)}
              y={bottom + 15}
              textAnchor="middle"
            >
              {point.label}
            </text>
          ) : null}
        </g>
      ))}
      {marker < 0 ? null : (
        <g className="chart-marker">
          <line x1={markerX} x2={markerX} y1={TOP} y2={bottom} />
          <text x={inside(markerX, markerLabel.length, width)} y={TOP - 6} textAnchor="middle">
            {markerLabel}
          </text>
        </g>
      )}
    </svg>
  )
}
