import type { EffectSummary } from './effect-summary'
import { rateChange, rateStat, type RateChange } from './rate-change'

/** Run-level incidence: shares of runs (with a counted call on that side) with a refusal or failure. */
export interface Incidence {
  runs: { before: number; after: number }
  refusal: RateChange
  failure: RateChange
}

/** The run-level incidence before and after; a side without runs has null rates. */
export function incidenceOf(summary: EffectSummary): Incidence {
  const { before, after } = summary
  return {
    runs: { before: before.runs, after: after.runs },
    refusal: rateChange(
      rateStat(before.runsWithRefusal, before.runs),
      rateStat(after.runsWithRefusal, after.runs),
    ),
    failure: rateChange(
      rateStat(before.runsWithFailure, before.runs),
      rateStat(after.runsWithFailure, after.runs),
    ),
  }
}
