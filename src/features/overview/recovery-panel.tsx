import { Link } from '@tanstack/react-router'
import type { EffectWindows, RecoveryMeasures } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { num } from './format'
import { runsBehind } from './links'
import { Rate } from './rate'

export interface RecoveryPanelProps {
  recovery: RecoveryMeasures
  windows: EffectWindows
  filters: Filters
}

/** What became of the argument refusals after the decision, and the price of `turn` refusals. */
export function RecoveryPanel({ recovery, windows, filters }: RecoveryPanelProps) {
  const statuses = Object.entries(recovery.notRecoveredByStatus).sort((a, b) => b[1] - a[1])
  const refusedRuns = runsBehind(filters, windows, 'after', null, 'refused-arguments')
  return (
    <section className="ov-panel" aria-labelledby="ov-recovery">
      <h2 id="ov-recovery">Recovery after a refusal</h2>
      {recovery.refusals === 0 ? (
        <p className="muted">
          No argument refusals after the decision date. Each one would appear here with whether the
          same run called the same tool again successfully.
        </p>
      ) : (
        <>
          <p>
            Of{' '}
            <Link to="/runs" search={refusedRuns}>
              {num(recovery.refusals)} argument refusals
            </Link>{' '}
            after the decision, the same run called the same tool again successfully:
          </p>
          <dl className="ov-facts">
            <dt>in the next round</dt>
            <dd>
              {num(recovery.nextRound.events)} ·{' '}
              <Rate stat={recovery.nextRound} of="argument refusals" />
            </dd>
            <dt>in a later round</dt>
            <dd>
              {num(recovery.later.events)} · <Rate stat={recovery.later} of="argument refusals" />
            </dd>
            <dt>not recovered</dt>
            <dd>
              {num(recovery.notRecovered.events)} ·{' '}
              <Rate stat={recovery.notRecovered} of="argument refusals" />
              <span className="ov-sub">
                {num(recovery.neverCalledAgain)} never called that tool again
                {statuses.length > 0
                  ? `; runs: ${statuses.map(([s, n]) => `${s} ${num(n)}`).join(', ')}`
                  : ''}
              </span>
            </dd>
            {recovery.stillOpen.events > 0 ? (
              <>
                <dt>not yet, the run still going</dt>
                <dd>
                  {num(recovery.stillOpen.events)} ·{' '}
                  <Rate stat={recovery.stillOpen} of="argument refusals" />
                </dd>
              </>
            ) : null}
            <dt>median corrective rounds</dt>
            <dd>
              {recovery.medianCorrectiveRounds === null ? '–' : recovery.medianCorrectiveRounds}
              <span className="ov-sub">
                {recovery.correctiveRounds.map(([r, n]) => `${r}: ${num(n)}`).join(' · ')}
              </span>
            </dd>
          </dl>
        </>
      )}
      <h3>Not-run calls (turn refusals)</h3>
      {recovery.turn.notRun === 0 ? (
        <p className="muted">No calls were held back beside a refused one after the decision.</p>
      ) : (
        <p>
          {num(recovery.turn.resentNextRound.events)} of{' '}
          <Link to="/runs" search={runsBehind(filters, windows, 'after', null, 'refused-turn')}>
            {num(recovery.turn.notRun)} not-run calls
          </Link>{' '}
          were sent again in the next round: <Rate stat={recovery.turn.resentNextRound} /> — the
          price the ADR accepts.
        </p>
      )}
    </section>
  )
}
