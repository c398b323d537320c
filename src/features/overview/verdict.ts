import type { Comparison, RecoveryMeasures } from '@/domain/effect'
import { num, pct } from './format'

export interface VerdictInput {
  comparison: Comparison
  recovery: RecoveryMeasures
  /** Runs counted so far and of how many (null: not known yet); null once every run is counted. */
  partial: { loaded: number; total: number | null } | null
  /** How many tools the filter selects; 0 means every tool. */
  selectedTools: number
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** What the failure rate did, before against after, with whether it is beyond the noise. */
function failureClause({ failure }: Comparison['overall']): string {
  const before = failure.before.rate
  const after = failure.after.rate
  if (before === null && after === null) return 'no tool call was counted on either side yet'
  if (before === null)
    return `nothing before the decision date to compare against; after it, ${pct(after)} of calls failed`
  if (after === null)
    return `no calls after the decision date yet; before it, ${pct(before)} failed`
  const noise = failure.beyondIntervals
    ? 'beyond the noise at these numbers'
    : 'within the noise at these numbers'
  if (pct(before) === pct(after))
    return `failures stayed at ${pct(after)} before and after the decision date — ${noise}`
  const direction = after < before ? 'fell' : 'rose'
  return `failures ${direction} from ${pct(before)} before the decision date to ${pct(after)} after it — ${noise}`
}

/** What the check cost after the decision date and how often the model corrected itself. */
function refusalClause({ refusal }: Comparison['overall'], recovery: RecoveryMeasures): string {
  if (refusal.after.rate === null) return ''
  if (refusal.after.events === 0) return '; the check refused no call after it'
  const refused = `; the check refused ${pct(refusal.after.rate)} of the calls after it`
  const n = recovery.refusals
  if (n === 0) return `${refused}, none for their arguments`
  const its = n === 1 ? 'its 1 argument refusal was' : `its ${num(n)} argument refusals were`
  return `${refused}, and ${pct(recovery.nextRound.rate)} of ${its} corrected in the next round`
}

/**
 * The overview's answer in one sentence a team can repeat: the failure rate before → after the
 * decision date and whether the change is beyond the noise, the share refused after it and the
 * share of argument refusals corrected in the next round. A partial count says "so far" and how
 * many runs it holds; a tool filter is named. Sides without calls say so instead of a rate.
 */
export function verdictText({
  comparison,
  recovery,
  partial,
  selectedTools,
}: VerdictInput): string {
  const { overall } = comparison
  const scope =
    selectedTools === 0
      ? ''
      : `for the ${selectedTools === 1 ? 'selected tool' : `${num(selectedTools)} selected tools`}, `
  const sentence = `${scope}${failureClause(overall)}${refusalClause(overall, recovery)}.`
  if (partial === null) return capitalised(sentence)
  const total = partial.total === null ? '' : ` of ${num(partial.total)}`
  return `So far (${num(partial.loaded)}${total} runs counted): ${sentence}`
}
