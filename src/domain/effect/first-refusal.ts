import { outcomeOf } from '../outcome'
import { countedTimeIn, type SummaryScope } from '../summary'
import type { EffectRun } from './fold-effect'

/** The earliest refused call seen (any code): the decision date when nothing else names one. */
export interface FirstRefusal {
  runs: number
  /** Epoch ms of the first counted step carrying a refusal code; null when none was seen. */
  firstMs: number | null
}

export const emptyFirstRefusal = (): FirstRefusal => ({ runs: 0, firstMs: null })

const earlier = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b)

/**
 * `acc` with `runs` folded in: the earliest counted tool step (counting rule of `scope`) whose
 * outcome is refused under any code. No runs, or none refused, keep `firstMs` as it was.
 */
export function foldFirstRefusal(
  acc: FirstRefusal,
  runs: Iterable<EffectRun>,
  scope: SummaryScope,
): FirstRefusal {
  const counted = countedTimeIn(scope)
  let first = acc.firstMs
  let n = acc.runs
  for (const run of runs) {
    n++
    for (const step of run.steps) {
      const t = counted(step)
      if (!Number.isNaN(t) && outcomeOf(step).startsWith('refused:')) first = earlier(first, t)
    }
  }
  return { runs: n, firstMs: first }
}

/** Both together: runs added, the earlier time kept. The empty value is the identity. */
export function mergeFirstRefusals(a: FirstRefusal, b: FirstRefusal): FirstRefusal {
  return { runs: a.runs + b.runs, firstMs: earlier(a.firstMs, b.firstMs) }
}
