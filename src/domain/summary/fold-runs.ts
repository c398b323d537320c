import { KNOWN_REFUSAL_CODES, KNOWN_RUN_STATUSES, KNOWN_STEP_KINDS } from '../contract'
import type { Run, Step } from '../contract'
import { outcomeOf, refusalCodeOf } from '../outcome'
import { bucketIndex, parseInstantMs } from '../time'
import { addCounts, emptyRecord, unionSorted, type Counts } from './records'
import { countedTimeIn, type SummaryScope } from './scope'
import { copySummary, type ToolSummary } from './summary'

/** The fields of a step the fold reads. */
export type FoldableStep = Pick<
  Step,
  'kind' | 'occurredAt' | 'toolName' | 'toolIsError' | 'toolRefusal'
>
/** The fields of a run the fold reads. */
export type FoldableRun = Pick<Run, 'status'> & { steps: readonly FoldableStep[] }

const knownKinds: ReadonlySet<string> = new Set(KNOWN_STEP_KINDS)
const knownStatuses: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)
const knownCodes: ReadonlySet<string> = new Set(KNOWN_REFUSAL_CODES)

/**
 * `summary` with `runs` folded in (the input summary is not changed). Counts each `tool` step
 * whose `occurredAt` lies in the scope's range and whose tool is selected, by the contract's
 * outcome rule, per tool and per day of the scope's zone. No runs gives an equal copy; a step
 * with an unparsable time or without a tool name is not counted.
 */
export function foldRuns(
  summary: ToolSummary,
  runs: Iterable<FoldableRun>,
  scope: SummaryScope,
): ToolSummary {
  const result = copySummary(summary)
  const { buckets } = scope
  const { startMs, endMs } = buckets
  const countedTime = countedTimeIn(scope)
  // Per-day tables by bucket index while folding: an array beats string keys on the hot path.
  const dayCounts: (Counts | undefined)[] = []
  const codes = new Set<string>()
  const kinds = new Set<string>()
  const statuses = new Set<string>()

  for (const run of runs) {
    result.runs++
    result.runsByStatus[run.status] = (result.runsByStatus[run.status] ?? 0) + 1
    if (!knownStatuses.has(run.status)) statuses.add(run.status)
    let calls = 0
    let refused = false
    let failed = false
    for (const step of run.steps) {
      if (step.kind !== 'tool') {
        if (!knownKinds.has(step.kind)) {
          const t = parseInstantMs(step.occurredAt)
          if (t >= startMs && t < endMs) kinds.add(step.kind)
        }
        continue
      }
      const t = countedTime(step)
      const tool = step.toolName
      if (Number.isNaN(t) || tool === undefined) continue
      const outcome = outcomeOf(step)
      const toolCounts = (result.byTool[tool] ??= emptyRecord<number>())
      toolCounts[outcome] = (toolCounts[outcome] ?? 0) + 1
      const index = bucketIndex(buckets, t)
      const perDay = (dayCounts[index] ??= emptyRecord<number>())
      perDay[outcome] = (perDay[outcome] ?? 0) + 1
      calls++
      if (outcome === 'failed') failed = true
      else if (outcome !== 'succeeded') {
        refused = true
        const code = refusalCodeOf(outcome)
        if (code !== null && !knownCodes.has(code)) codes.add(code)
      }
    }
    if (calls > 0) result.runsWithCalls++
    if (refused) result.runsWithRefusal++
    if (failed) result.runsWithFailure++
  }

  dayCounts.forEach((counts, index) => {
    const day = buckets.days[index]
    if (counts === undefined || day === undefined) return
    addCounts((result.byDay[day] ??= emptyRecord<number>()), counts)
  })
  if (codes.size > 0) result.unknownRefusalCodes = unionSorted(result.unknownRefusalCodes, codes)
  if (kinds.size > 0) result.unknownStepKinds = unionSorted(result.unknownStepKinds, kinds)
  if (statuses.size > 0)
    result.unknownRunStatuses = unionSorted(result.unknownRunStatuses, statuses)
  return result
}
