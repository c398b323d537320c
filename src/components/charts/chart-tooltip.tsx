import { formatCount } from '../ui/format-count'
import type { OUTCOME_SERIES, OutcomeSeriesKey } from './outcome-colors'

export interface ChartTooltipProps {
  active: boolean
  /** The hovered or focused datum: a bucket or a tool, with a count (or a gap) per series. */
  datum: Readonly<Partial<Record<OutcomeSeriesKey | 'calls', number | null>>> | null
  /** Its name in words: the bucket's days or the tool's name (text only, never markup). */
  title: string
  series: ReadonlyArray<(typeof OUTCOME_SERIES)[number]>
  /** A hint below the numbers, e.g. that a click opens the runs. */
  hint?: string
}

const calls = (n: number) => `${formatCount(n)} ${n === 1 ? 'call' : 'calls'}`

/**
 * The numbers of one bucket or tool, for recharts' `<Tooltip content>`: every drawn series with
 * its count (or "no data" for a gap) and the total. Shown on hover and on keyboard focus (the
 * chart's accessibility layer); the tables on the page stay the full text alternative.
 */
export function ChartTooltip({ active, datum, title, series, hint }: ChartTooltipProps) {
  if (!active || datum === null) return null
  const total = datum.calls
  return (
    <div className="chart-tooltip" role="status">
      <p className="chart-tooltip__title">{title}</p>
      <dl>
        {series.map((s) => {
          const value = datum[s.key]
          return (
            <div key={s.key}>
              <dt>
                <span className="chart-legend__swatch" style={{ backgroundColor: s.color }} />
                {s.label}
              </dt>
              <dd>{typeof value === 'number' ? calls(value) : 'no data'}</dd>
            </div>
          )
        })}
        <div className="chart-tooltip__total">
          <dt>All calls</dt>
          <dd>{typeof total === 'number' ? calls(total) : 'no data'}</dd>
        </div>
      </dl>
      {hint ? <p className="chart-tooltip__hint">{hint}</p> : null}
    </div>
  )
}
