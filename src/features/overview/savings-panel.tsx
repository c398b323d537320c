import { Link } from '@tanstack/react-router'
import type { EffectWindows, Savings } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { num } from './format'
import { runsBehind } from './links'

export interface SavingsPanelProps {
  saved: Savings
  windows: EffectWindows
  filters: Filters
  /** False while the tool catalogue is not loaded: the flags are then unknown. */
  catalogueLoaded: boolean
}

/** What the check spared after the decision: approval cards, questions, external calls. */
export function SavingsPanel({ saved, windows, filters, catalogueLoaded }: SavingsPanelProps) {
  const refused = runsBehind(filters, windows, 'after', null, 'refused-arguments')
  return (
    <section className="ov-panel" aria-labelledby="ov-saved">
      <h2 id="ov-saved">What the check saved</h2>
      {saved.refusedTurns === 0 ? (
        <p className="muted">
          No turn was refused after the decision date. Approval cards not raised, questions not
          asked and external calls not charged would appear here.
        </p>
      ) : (
        <dl className="ov-facts">
          <dt>refused turns</dt>
          <dd>
            <Link to="/runs" search={refused}>
              {num(saved.refusedTurns)}
            </Link>
          </dd>
          <dt>approval cards not raised</dt>
          <dd>{num(saved.approvalCards)}</dd>
          <dt>questions not asked</dt>
          <dd>{num(saved.questions)}</dd>
          <dt>external calls not charged</dt>
          <dd>{num(saved.externalCalls)}</dd>
        </dl>
      )}
      {!catalogueLoaded ? (
        <p className="state state--partial" role="status">
          The tool catalogue is not loaded: approval cards and questions cannot be told apart yet.
        </p>
      ) : null}
      {saved.refusedOutsideCatalogue > 0 ? (
        <p className="muted">
          {num(saved.refusedOutsideCatalogue)} refused calls were of tools the catalogue no longer
          lists; whether they were approval- or input-bound is unknown, so they are not counted
          above.
        </p>
      ) : null}
    </section>
  )
}
