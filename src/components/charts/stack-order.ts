import type { ToolBarOrder } from '@/domain/summary'
import { OUTCOME_SERIES, type OutcomeSeriesKey } from './outcome-colors'

/** The outcomes each ranking is about, drawn first (at the axis) so the ranked lengths line up. */
const RANKED: Record<ToolBarOrder, readonly OutcomeSeriesKey[]> = {
  calls: [],
  failed: ['failed'],
  refused: ['refusedArguments', 'refusedTurn', 'refusedOther'],
  refusedArguments: ['refusedArguments'],
}

/**
 * The outcome series in stacking order for bars ranked by `order`: the ranked outcomes first,
 * then the others in their usual order; by calls, the usual order. Every series once.
 */
export function stackOrder(order: ToolBarOrder): (typeof OUTCOME_SERIES)[number][] {
  const first = RANKED[order]
  return [
    ...OUTCOME_SERIES.filter((s) => first.includes(s.key)),
    ...OUTCOME_SERIES.filter((s) => !first.includes(s.key)),
  ]
}
