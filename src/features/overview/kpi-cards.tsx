import { Link } from '@tanstack/react-router'
import type { Comparison, EffectWindows, RecoveryMeasures } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { num, pct, points } from './format'
import { runsBehind } from './links'
import { Rate } from './rate'

export interface KpiCardsProps {
  comparison: Comparison
  recovery: RecoveryMeasures
  windows: EffectWindows
  filters: Filters
}

/** The four headline figures: calls, failure rate before → after, refusal rate, recovery. */
export function KpiCards({ comparison, recovery, windows, filters }: KpiCardsProps) {
  const { overall } = comparison
  // A code no call was refused under has no entry: with calls after, its rate is 0 %, not "–".
  const codeRateAfter = (code: string) =>
    overall.refusalByCode[code]?.after.rate ?? (overall.refusal.after.n > 0 ? 0 : null)
  const link = (side: 'before' | 'after', outcome?: 'failed' | 'refused' | 'refused-arguments') =>
    runsBehind(filters, windows, side, null, outcome)
  return (
    <ul className="ov-kpis" aria-label="Key figures">
      <li className="ov-kpi">
        <h3>Calls</h3>
        <p className="ov-kpi__value">
          <Link to="/runs" search={link('before')}>
            {num(overall.before.calls)}
          </Link>
          {' → '}
          <Link to="/runs" search={link('after')}>
            {num(overall.after.calls)}
          </Link>
        </p>
        <p className="muted">tool calls before → after</p>
      </li>
      <li className="ov-kpi">
        <h3>Failure rate</h3>
        <p className="ov-kpi__value">
          <Link to="/runs" search={link('before', 'failed')}>
            {pct(overall.failure.before.rate)}
          </Link>
          {' → '}
          <Link to="/runs" search={link('after', 'failed')}>
            {pct(overall.failure.after.rate)}
          </Link>
        </p>
        <p className="muted">
          {points(overall.failure.change)}
          {overall.failure.beyondIntervals ? ', beyond the 95 % intervals' : ', within the noise'}
        </p>
        <p className="ov-kpi__detail">
          Before <Rate stat={overall.failure.before} />; after <Rate stat={overall.failure.after} />
        </p>
      </li>
      <li className="ov-kpi">
        <h3>Refusal rate after</h3>
        <p className="ov-kpi__value">
          <Link to="/runs" search={link('after', 'refused')}>
            {pct(overall.refusal.after.rate)}
          </Link>
        </p>
        <p className="muted">
          arguments {pct(codeRateAfter('arguments'))}, turn {pct(codeRateAfter('turn'))} (before{' '}
          {pct(overall.refusal.before.rate)})
        </p>
        <p className="ov-kpi__detail">
          <Rate stat={overall.refusal.after} />
        </p>
      </li>
      <li className="ov-kpi">
        <h3>Recovered in one round</h3>
        <p className="ov-kpi__value">
          <Link to="/runs" search={link('after', 'refused-arguments')}>
            {pct(recovery.nextRound.rate)}
          </Link>
        </p>
        <p className="muted">
          of {num(recovery.refusals)} argument refusals after, corrected in the next round
        </p>
        <p className="ov-kpi__detail">
          <Rate stat={recovery.nextRound} of="argument refusals" />
        </p>
      </li>
    </ul>
  )
}
