import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Comparison, EffectWindows, RecoveryMeasures } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { num, pct, points } from './format'
import { runsBehind } from './links'
import { Rate } from './rate'

export interface KpiCardsProps {
  /** Null until the first runs are counted: each card holds its place with "…". */
  comparison: Comparison | null
  recovery: RecoveryMeasures | null
  windows: EffectWindows
  filters: Filters
  /** Counted from some of the runs only: each figure says "so far". */
  partial?: boolean
}

type Outcome = 'failed' | 'refused' | 'refused-arguments'

function Card({
  title,
  value,
  soFar = false,
  children,
}: {
  title: string
  value: ReactNode
  soFar?: boolean
  children?: ReactNode
}) {
  return (
    <li className="ov-kpi">
      <h3>{title}</h3>
      <p className="ov-kpi__value">
        {value}
        {soFar ? <span className="ov-kpi__so-far"> so far</span> : null}
      </p>
      {children}
    </li>
  )
}

/** The four headline figures: calls, failure rate before → after, refusal rate, recovery. */
export function KpiCards({
  comparison,
  recovery,
  windows,
  filters,
  partial = false,
}: KpiCardsProps) {
  if (comparison === null || recovery === null) {
    return (
      <ul className="ov-kpis is-pending" aria-label="Key figures">
        {['Calls', 'Failure rate', 'Refusal rate after', 'Recovered in one round'].map((title) => (
          <Card key={title} title={title} value="…">
            <p className="muted">counting…</p>
          </Card>
        ))}
      </ul>
    )
  }
  const { overall } = comparison
  // A code no call was refused under has no entry: with calls after, its rate is 0 %, not "–".
  const codeRateAfter = (code: string) =>
    overall.refusalByCode[code]?.after.rate ?? (overall.refusal.after.n > 0 ? 0 : null)
  // A figure links to the runs behind it; a count of none has no list to open.
  const link = (side: 'before' | 'after', count: number, text: string, outcome?: Outcome) =>
    count === 0 ? (
      text
    ) : (
      <Link to="/runs" search={runsBehind(filters, windows, side, null, outcome)}>
        {text}
      </Link>
    )
  return (
    <ul className="ov-kpis" aria-label="Key figures">
      <Card
        soFar={partial}
        title="Calls"
        value={
          <>
            {link('before', overall.before.calls, num(overall.before.calls))}
            {' → '}
            {link('after', overall.after.calls, num(overall.after.calls))}
          </>
        }
      >
        <p className="muted">tool calls before → after</p>
      </Card>
      <Card
        soFar={partial}
        title="Failure rate"
        value={
          <>
            {link(
              'before',
              overall.failure.before.events,
              pct(overall.failure.before.rate),
              'failed',
            )}
            {' → '}
            {link('after', overall.failure.after.events, pct(overall.failure.after.rate), 'failed')}
          </>
        }
      >
        <p className="muted">
          {points(overall.failure.change)}
          {overall.failure.beyondIntervals ? ', beyond the 95 % intervals' : ', within the noise'}
        </p>
        <p className="ov-kpi__detail">
          Before <Rate stat={overall.failure.before} />; after <Rate stat={overall.failure.after} />
        </p>
      </Card>
      <Card
        soFar={partial}
        title="Refusal rate after"
        value={link(
          'after',
          overall.refusal.after.events,
          pct(overall.refusal.after.rate),
          'refused',
        )}
      >
        <p className="muted">
          arguments {pct(codeRateAfter('arguments'))}, turn {pct(codeRateAfter('turn'))} (before{' '}
          {pct(overall.refusal.before.rate)})
        </p>
        <p className="ov-kpi__detail">
          <Rate stat={overall.refusal.after} />
        </p>
      </Card>
      <Card
        soFar={partial}
        title="Recovered in one round"
        value={link('after', recovery.refusals, pct(recovery.nextRound.rate), 'refused-arguments')}
      >
        <p className="muted">
          of {num(recovery.refusals)} argument refusals after, corrected in the next round
        </p>
        <p className="ov-kpi__detail">
          <Rate stat={recovery.nextRound} of="argument refusals" />
        </p>
      </Card>
    </ul>
  )
}
