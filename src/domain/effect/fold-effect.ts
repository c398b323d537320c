import type { Run, Step } from '../contract'
import { countedTimeIn, unreadableCallTimeIn, type CountableUnreadable } from '../summary'
import { emptyRecord } from '../summary/records'
import { outcomeOf, refusalCodeOf } from '../outcome'
import { copyEffectSummary, type EffectSummary, type Side } from './effect-summary'
import type { EffectScope } from './effect-scope'
import { analyseRecovery, type ToolCall } from './recovery-fold'
import { countRefusedTurns, isCheckRefusal, type RefusedCall } from './savings-fold'

/** The fields of a step the fold reads. */
export type EffectStep = Pick<
  Step,
  'kind' | 'round' | 'occurredAt' | 'toolName' | 'toolIsError' | 'toolRefusal' | 'toolDenied'
>
/** The fields of a run the fold reads; a run always arrives with all its steps. */
export type EffectRun = Pick<Run, 'status'> & {
  steps: readonly EffectStep[]
  unreadableSteps?: readonly CountableUnreadable[] | undefined
}

/**
 * `summary` with `runs` folded in (input untouched). Each tool step counted by the counting rule
 * (`countedTimeIn`) inside `[beforeStartMs, afterEndMs)` is classified by the outcome rule
 * (`outcomeOf`) on its side of the decision date; each run is then read whole for the recovery
 * of its refusals and the turns the check refused. A run's unreadable tool calls in the windows
 * (by `unreadableCallTimeIn`) count on their side as `unreadableToolSteps`. No runs give an
 * equal copy.
 */
export function foldEffect(
  summary: EffectSummary,
  runs: Iterable<EffectRun>,
  effect: EffectScope,
): EffectSummary {
  const result = copyEffectSummary(summary)
  const counted = countedTimeIn(effect.scope)
  const unreadable = unreadableCallTimeIn(effect.scope)
  const sideAt = (t: number): Side | null => {
    if (Number.isNaN(t) || t < effect.beforeStartMs || t >= effect.afterEndMs) return null
    return t < effect.decisionMs ? 'before' : 'after'
  }
  const sideOf = (step: EffectStep): Side | null => sideAt(counted(step))
  const flags = {
    approval: new Set(effect.approvalTools),
    input: new Set(effect.inputTools),
    mcp: new Set(effect.mcpTools),
    known: new Set(effect.catalogueTools),
  }

  for (const run of runs) {
    result.runs++
    const seen = {
      before: { calls: 0, refused: false, failed: false },
      after: { calls: 0, refused: false, failed: false },
    }
    const callsByTool = new Map<string, ToolCall[]>()
    const refused: RefusedCall[] = []
    for (const step of run.steps) {
      const tool = step.toolName
      if (step.kind !== 'tool' || tool === undefined) continue
      const outcome = outcomeOf(step)
      const side = sideOf(step)
      const list = callsByTool.get(tool) ?? []
      list.push({ round: step.round, outcome, side })
      callsByTool.set(tool, list)
      if (isCheckRefusal(outcome)) refused.push({ tool, round: step.round, side })
      if (side === null) continue
      const into = result[side]
      const counts = (into.byTool[tool] ??= emptyRecord<number>())
      counts[outcome] = (counts[outcome] ?? 0) + 1
      seen[side].calls++
      if (outcome === 'failed') seen[side].failed = true
      else if (refusalCodeOf(outcome) !== null) seen[side].refused = true
    }
    for (const side of ['before', 'after'] as const) {
      if (seen[side].calls === 0) continue
      result[side].runs++
      if (seen[side].refused) result[side].runsWithRefusal++
      if (seen[side].failed) result[side].runsWithFailure++
    }
    for (const calls of callsByTool.values()) analyseRecovery(calls, run.status, result)
    countRefusedTurns(refused, flags, result)
    for (const entry of run.unreadableSteps ?? []) {
      const side = sideAt(unreadable(entry))
      if (side !== null) result[side].unreadableToolSteps++
    }
  }
  return result
}
