import { useMemo } from 'react'
import type { LoadState } from '@/api'
import type { Tool } from '@/domain/contract'
import { comparison, recoveryOf, type EffectSummary } from '@/domain/effect'
import type { EffectMeasures } from './effect-answer'

/**
 * The measures every part of the overview draws from, worked out once per counted state: the
 * comparison, the recovery, how far the count has come and the unreadable calls. Null without a
 * state.
 */
export function useEffectMeasures(
  state: LoadState<EffectSummary> | null,
  catalogue: readonly Tool[] | null,
): EffectMeasures | null {
  return useMemo(() => {
    if (state === null) return null
    const { summary } = state
    return {
      comparison: comparison(summary, catalogue ?? []),
      recovery: recoveryOf(summary.after),
      complete: state.status === 'done',
      loadedRuns: state.loadedRuns,
      totalRuns: state.totalRuns,
      unreadable: {
        before: summary.before.unreadableToolSteps,
        after: summary.after.unreadableToolSteps,
      },
    }
  }, [state, catalogue])
}
