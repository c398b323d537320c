import type { Counts } from '../summary'
import type { EffectSide } from './effect-summary'
import { rateStat, type RateStat } from './rate-change'

export interface RecoveryMeasures {
  /** Counted `arguments` refusals: the n of the three shares. */
  refusals: number
  nextRound: RateStat
  later: RateStat
  notRecovered: RateStat
  /** Not corrected yet in a run still going; the four shares add up to the refusals. */
  stillOpen: RateStat
  /** Of the not recovered: the run never called that tool again. */
  neverCalledAgain: number
  /** The median corrective rounds of the recovered refusals; null when none recovered. */
  medianCorrectiveRounds: number | null
  /** [corrective rounds, refusals] ascending. */
  correctiveRounds: [number, number][]
  /** Run status → refusals not recovered. */
  notRecoveredByStatus: Counts
  /** `turn` refusals ("not run") and the share sent again in the next round. */
  turn: { notRun: number; resentNextRound: RateStat }
}

/**
 * The median of a histogram keyed by whole numbers (as strings) → how often; the mean of the
 * two middle values for an even total. Null for an empty histogram; non-numeric keys are skipped.
 */
export function histogramMedian(histogram: Readonly<Counts>): number | null {
  const entries = Object.entries(histogram)
    .map(([key, n]) => [Number(key), n] as const)
    .filter(([value, n]) => Number.isFinite(value) && n > 0)
    .sort((a, b) => a[0] - b[0])
  const total = entries.reduce((sum, [, n]) => sum + n, 0)
  if (total === 0) return null
  const at = (index: number): number => {
    let seen = 0
    for (const [value, n] of entries) {
      seen += n
      if (index < seen) return value
    }
    return Number.NaN
  }
  const mid = Math.floor(total / 2)
  return total % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2
}

/** The recovery measures of one side; a side without refusals gives n = 0 and null rates. */
export function recoveryOf(side: EffectSide): RecoveryMeasures {
  const r = side.recovery
  return {
    refusals: r.refusals,
    nextRound: rateStat(r.nextRound, r.refusals),
    later: rateStat(r.later, r.refusals),
    notRecovered: rateStat(r.notRecovered, r.refusals),
    stillOpen: rateStat(r.stillOpen, r.refusals),
    neverCalledAgain: r.neverCalledAgain,
    medianCorrectiveRounds: histogramMedian(r.correctiveRounds),
    correctiveRounds: Object.entries(r.correctiveRounds)
      .map(([k, n]): [number, number] => [Number(k), n])
      .sort((a, b) => a[0] - b[0]),
    notRecoveredByStatus: r.notRecoveredByStatus,
    turn: {
      notRun: side.turn.notRun,
      resentNextRound: rateStat(side.turn.resentNextRound, side.turn.notRun),
    },
  }
}
