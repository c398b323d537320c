import { wilsonInterval } from '@/domain/stats'
import { formatCount } from '@/components/ui/format-count'

const pct = (value: number) => `${(value * 100).toFixed(1)} %`

export interface RateCellProps {
  /** Events (failed or refused calls) and the calls they are out of. */
  events: number
  n: number
  smallSample: boolean
}

/**
 * A rate with its n, and the 95 % Wilson interval as a tooltip and as text for screen readers.
 * A small sample says so instead of looking as reliable as the rest.
 */
export function RateCell({ events, n, smallSample }: RateCellProps) {
  const interval = wilsonInterval(events, n)
  if (n === 0 || interval === null) return <span className="muted">–</span>
  const range = `95 % Wilson interval ${pct(interval.low)} to ${pct(interval.high)}`
  return (
    <span title={range} className={smallSample ? 'rate rate--small' : 'rate'}>
      {pct(events / n)} <span className="muted rate__n">n={formatCount(n)}</span>
      <span className="visually-hidden">, {range}</span>
      {smallSample ? <span className="tag">small sample</span> : null}
    </span>
  )
}
