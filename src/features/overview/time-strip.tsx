import { useMemo } from 'react'
import { timeStrip, type EffectWindows, type StripBar } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { dayRangeToInstants, formatDay } from '@/domain/time'
import { formatWhen } from './format'

export interface TimeStripProps {
  filters: Filters
  windows: EffectWindows
}

const LABEL: Record<StripBar['key'], string> = {
  range: 'Date range: the chart',
  before: 'Before the decision: cards and table',
  after: 'After the decision: cards and table',
}

/**
 * The overview's two ideas of time drawn on one axis: the date range (what the chart shows) and
 * the equal windows either side of the decision date (what the cards and the per-tool table
 * count), each labelled with its days, so which figure counts which days is seen at a glance.
 * The bars are drawn in SVG beside their labels; the labels carry the same facts as text.
 */
export function TimeStrip({ filters, windows }: TimeStripProps) {
  const range = useMemo(
    () => dayRangeToInstants(filters.from, filters.to, filters.tz),
    [filters.from, filters.to, filters.tz],
  )
  const strip = useMemo(() => timeStrip(range, windows), [range, windows])
  if (strip === null) return null
  const tz = filters.tz
  const when = (bar: StripBar) =>
    bar.key === 'range'
      ? `${formatDay(filters.from)} to ${formatDay(filters.to)}`
      : bar.width === 0
        ? 'no recorded data'
        : `${formatWhen(bar.startMs, tz)} to ${formatWhen(bar.endMs, tz)}`
  const share = Math.round(strip.windowsInRange * 100)
  return (
    <figure className="ov-strip" aria-labelledby="ov-strip-title">
      <figcaption id="ov-strip-title">
        <strong>Which days each part counts.</strong>{' '}
        {share === 100
          ? 'The compared windows lie inside the date range.'
          : share === 0
            ? 'The compared windows lie outside the date range: the cards and table do not change with it.'
            : `${share} % of the compared windows lie inside the date range: the cards and table count the windows, not the range.`}
      </figcaption>
      <ul className="ov-strip__bars">
        {strip.bars.map((bar) => (
          <li key={bar.key} className={`ov-strip__bar ov-strip__bar--${bar.key}`}>
            <span className="ov-strip__label">
              <strong>{LABEL[bar.key]}</strong> <span className="muted">{when(bar)}</span>
            </span>
            <svg
              className="ov-strip__track"
              viewBox="0 0 1000 10"
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect
                className="ov-strip__fill"
                x={bar.left * 1000}
                y={0}
                height={10}
                width={Math.max(bar.width * 1000, bar.width > 0 ? 2 : 0)}
              />
              <rect
                className="ov-strip__decision"
                x={strip.decisionAt * 1000 - 1}
                y={0}
                width={2}
                height={10}
              />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  )
}
