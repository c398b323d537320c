import type { RateStat } from '@/domain/effect'
import { intervalText, num, pct } from './format'

/**
 * A rate with its n; the 95 % Wilson interval as a tooltip and as text for screen readers. `of`
 * names what n counts, for the empty case ("– (no runs)").
 */
export function Rate({ stat, of = 'calls' }: { stat: RateStat; of?: string }) {
  if (stat.rate === null) return <span className="muted">– (no {of})</span>
  const range = intervalText(stat)
  return (
    <span title={range} className="ov-rate">
      {pct(stat.rate)} <span className="muted ov-n">n={num(stat.n)}</span>
      <span className="visually-hidden">, {range}</span>
    </span>
  )
}
