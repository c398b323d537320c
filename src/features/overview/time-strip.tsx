import { useMemo } from 'react'
import { timeStrip, type RangedWindows, type StripBar } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { dayRangeToInstants, formatDay } from '@/domain/time'
import { days, formatWhen } from './format'

export interface TimeStripProps {
  filters: Filters
  ranged: RangedWindows
}

const LABEL: Record<StripBar['key'], string> = {
  range: 'Date range: the chart',
  before: 'Before the decision: cards and table',
  after: 'After the decision: cards and table',
}

/**
 * The overview's time on one axis: the date range (what the chart shows) and, inside it, the
 * equal windows either side of the decision date (what the cards and the per-tool table count),
 * each labelled with its days. The bars are drawn in SVG beside their labels; the labels carry
 * the same facts as text.
 */
export function TimeStrip({ filters, ranged }: TimeStripProps) {
  const range = useMemo(
    () => dayRangeToInstants(filters.from, filters.to, filters.tz),
    [filters.from, filters.to, filters.tz],
  )
  const windows = ranged.counted
  const strip = useMemo(() => timeStrip(range, windows), [range, windows])
  if (strip === null) return null
  const tz = filters.tz
  const emptyText = (key: 'before' | 'after') =>
    ranged.requested.emptySide === key || ranged.requested.emptySide === 'both'
      ? 'no recorded data'
      : 'none in the date range'
  const when = (bar: StripBar) =>
    bar.key === 'range'
      ? `${formatDay(filters.from)} to ${formatDay(filters.to)}`
      : bar.width === 0
        ? emptyText(bar.key)
        : `${formatWhen(bar.startMs, tz)} to ${formatWhen(bar.endMs, tz)}`
  const compared = windows.emptySide === 'both' ? null : days(windows.lengthMs)
  return (
    <figure className="ov-strip" aria-labelledby="ov-strip-title">
      <figcaption id="ov-strip-title">
        <strong>Which days each part counts.</strong>{' '}
        {compared === null
          ? 'The chart shows the date range; it holds no days to compare around the decision.'
          : `The chart shows the date range; the cards and table count ${compared} on each side of the decision inside it.`}
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
