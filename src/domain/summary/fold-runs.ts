import { KNOWN_REFUSAL_CODES, KNOWN_RUN_STATUSES, KNOWN_STEP_KINDS } from '../contract'
import type { Run, Step } from '../contract'
import { outcomeOf, refusalCodeOf } from '../outcome'
import { bucketDay, bucketIndex } from '../time'
import { emptyRecord, unionSorted, type Counts } from './records'
import {
  toolCallTimeIn,
  unreadableCallTimeIn,
  type CountableUnreadable,
  type SummaryScope,
} from './scope'
import { copySummary, type ToolSummary } from './summary'

/** The fields of a step the fold reads. */
export type FoldableStep = Pick<
  Step,
  'kind' | 'occurredAt' | 'toolName' | 'toolIsError' | 'toolRefusal' | 'toolDenied'
>
/** The fields of a run the fold reads. */
export type FoldableRun = Pick<Run, 'status'> & {
  steps: readonly FoldableStep[]
  unreadableSteps?: readonly CountableUnreadable[] | undefined
}

const knownKinds: ReadonlySet<string> = new Set(KNOWN_STEP_KINDS)
const knownStatuses: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)
const knownCodes: ReadonlySet<string> = new Set(KNOWN_REFUSAL_CODES)

/** Adds one call under `outcome` to the count table of `key` (mutates `table`). */
function count(table: Record<string, Counts>, key: string, outcome: string): void {
  const counts = (table[key] ??= emptyRecord())
  counts[outcome] = (counts[outcome] ?? 0) + 1
}

/**
 * `summary` with `runs` folded in (the input summary is not changed). Counts each `tool` step
 * whose `occurredAt` lies in the scope's range and whose tool is selected, by the contract's
 * outcome rule, per tool and per day of the scope's zone. No runs gives an equal copy; a step
 * with an unparsable time, without a tool name, or (in raw JSON) whose kind or tool name is not
 * a string is not counted. A run's `unreadableSteps` that are tool calls of the scope (by
 * `unreadableCallTimeIn`) add to `unreadableToolSteps`; a run without them adds nothing.
 */
export function foldRuns(
  summary: ToolSummary,
  runs: Iterable<FoldableRun>,
  scope: SummaryScope,
): ToolSummary {
  const result = copySummary(summary)
  const { buckets } = scope
  const toolCallTime = toolCallTimeIn(scope)
  const unreadableCallTime = unreadableCallTimeIn(scope)
  const kinds = new Set<string>()
  const statuses = new Set<string>()
  const codes = new Set<string>()
  for (const run of runs) {
    result.runs++
    result.runsByStatus[run.status] = (result.runsByStatus[run.status] ?? 0) + 1
    if (!knownStatuses.has(run.status)) statuses.add(run.status)
    let calls = 0
    let refused = false
    let failed = false
    for (const step of run.steps) {
      // Validation lets only string kinds and names through; raw JSON could hold others.
      const kind = step.kind
      if (kind !== 'tool') {
        if (typeof kind !== 'string' || knownKinds.has(kind)) continue
        if (bucketIndex(buckets, Date.parse(step.occurredAt)) >= 0) kinds.add(kind)
        continue
      }
      const toolName = step.toolName
      if (typeof toolName !== 'string') continue
      const day = bucketDay(buckets, toolCallTime(toolName, step.occurredAt))
      if (day === null) continue
      const outcome = outcomeOf(step)
      count(result.byTool, toolName, outcome)
      count(result.byDay, day, outcome)
      calls++
      if (outcome === 'failed') failed = true
      const code = refusalCodeOf(outcome)
      if (code !== null) {
        refused = true
        if (!knownCodes.has(code)) codes.add(code)
      }
    }
    if (calls > 0) result.runsWithCalls++
    if (refused) result.runsWithRefusal++
    if (failed) result.runsWithFailure++
    // Raw JSON (the benchmark folds JSON.parse output) could hold anything here.
    if (!Array.isArray(run.unreadableSteps)) continue
    for (const step of run.unreadableSteps)
      if (typeof step === 'object' && step !== null && !Number.isNaN(unreadableCallTime(step)))
        result.unreadableToolSteps++
  }
  if (codes.size > 0) result.unknownRefusalCodes = unionSorted(result.unknownRefusalCodes, codes)
  if (kinds.size > 0) result.unknownStepKinds = unionSorted(result.unknownStepKinds, kinds)
  if (statuses.size > 0)
    result.unknownRunStatuses = unionSorted(result.unknownRunStatuses, statuses)
  return result
}
