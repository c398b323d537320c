import { KNOWN_REFUSAL_CODES, KNOWN_RUN_STATUSES, KNOWN_STEP_KINDS } from '../contract'
import type { Run, Step } from '../contract'
import { outcomeOf, refusalCodeOf } from '../outcome'
import { bucketIndex, parseInstantMs } from '../time'
import { OutcomeTable, FAILED, SUCCEEDED, bump, emptyRow, type OutcomeRow } from './outcome-table'
import { emptyRecord, unionSorted } from './records'
import {
  toolCallTimeIn,
  unreadableCallTimeIn,
  type CountableUnreadable,
  type SummaryScope,
} from './scope'
import { RowsByName, slotOf } from './rows-by-name'
import { copySummary, type ToolSummary } from './summary'

/** The fields of a step the fold reads. */
export type FoldableStep = Pick<
  Step,
  'kind' | 'occurredAt' | 'toolName' | 'toolIsError' | 'toolRefusal'
>
/** The fields of a run the fold reads. */
export type FoldableRun = Pick<Run, 'status'> & {
  steps: readonly FoldableStep[]
  unreadableSteps?: readonly CountableUnreadable[] | undefined
}

const knownKinds: ReadonlySet<string> = new Set(KNOWN_STEP_KINDS)
const knownStatuses: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)
const knownCodes: ReadonlySet<string> = new Set(KNOWN_REFUSAL_CODES)

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
  const { startMs, endMs, bounds } = buckets
  const toolCallTime = toolCallTimeIn(scope)
  const unreadableCallTime = unreadableCallTimeIn(scope)
  let unreadable = 0
  // The hot loop counts into arrays by outcome index (tools by RowsByName, days by bucket index)
  // and writes the summary's string-keyed records once, after the loop.
  const outcomes = new OutcomeTable()
  const byTool = new RowsByName()
  const byDay: (OutcomeRow | undefined)[] = []
  const byStatus = new Map<string, number>()
  const kinds = new Set<string>()
  // Known kinds met, each in a slot of its length and first code unit: a known kind (a short
  // string JSON.parse interns, so the same string each time) is found by one comparison. An empty
  // slot holds 'tool', which no kind reaching the slots can equal (and keeps every entry a string).
  const seenKinds = new Array<string>(64).fill('tool')
  // The day of the previous counted call: steps come in time order, so most calls fall in it.
  let dayFrom = Number.POSITIVE_INFINITY
  let dayTo = Number.NEGATIVE_INFINITY
  let dayRow = emptyRow()

  // Runs of one status come in streaks (most are completed): counted per streak, not per run.
  let status: string | null = null
  let streak = 0
  for (const run of runs) {
    if (run.status !== status) {
      if (status !== null) byStatus.set(status, (byStatus.get(status) ?? 0) + streak)
      status = run.status
      streak = 0
    }
    streak++
    let calls = 0
    let refused = false
    let failed = false
    const steps = run.steps
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as FoldableStep
      const kind = step.kind
      if (kind !== 'tool') {
        // Validation lets only string kinds through; raw JSON could hold another (not counted).
        if (typeof kind !== 'string') continue
        const slot = (kind.length * 8 + kind.charCodeAt(0)) & 63
        if (seenKinds[slot] === kind) continue
        if (knownKinds.has(kind)) seenKinds[slot] = kind
        else {
          const t = parseInstantMs(step.occurredAt)
          if (t >= startMs && t < endMs) kinds.add(kind)
        }
        continue
      }
      const tool = step.toolName
      if (typeof tool !== 'string') continue
      // The name is read before the time, so that on data fresh from memory the two reads wait
      // for their cache lines together rather than one after the other.
      const slot = slotOf(tool)
      const t = toolCallTime(tool, step.occurredAt)
      if (Number.isNaN(t)) continue
      const outcome = outcomes.indexOf(outcomeOf(step))
      bump(byTool.rowOf(tool, slot), outcome)
      if (!(t >= dayFrom && t < dayTo)) {
        // bucketIndex gives the one day with bounds[i] <= t < bounds[i + 1]: kept for the next.
        const index = bucketIndex(buckets, t)
        dayFrom = bounds[index] ?? Number.POSITIVE_INFINITY
        dayTo = bounds[index + 1] ?? Number.NEGATIVE_INFINITY
        dayRow = byDay[index] ??= emptyRow()
      }
      bump(dayRow, outcome)
      calls++
      if (outcome === FAILED) failed = true
      else if (outcome !== SUCCEEDED) refused = true
    }
    if (calls > 0) result.runsWithCalls++
    if (refused) result.runsWithRefusal++
    if (failed) result.runsWithFailure++
    // Rare (damaged payloads): one check per run, the count outside the loop over steps.
    if (run.unreadableSteps !== undefined)
      unreadable += countIn(run.unreadableSteps, unreadableCallTime)
  }
  result.unreadableToolSteps += unreadable

  if (status !== null) byStatus.set(status, (byStatus.get(status) ?? 0) + streak)
  const statuses = new Set<string>()
  for (const [name, count] of byStatus) {
    result.runs += count
    result.runsByStatus[name] = (result.runsByStatus[name] ?? 0) + count
    if (!knownStatuses.has(name)) statuses.add(name)
  }
  for (const [tool, row] of byTool) outcomes.addRow((result.byTool[tool] ??= emptyRecord()), row)
  byDay.forEach((row, index) => {
    const day = buckets.days[index]
    if (row !== undefined && day !== undefined)
      outcomes.addRow((result.byDay[day] ??= emptyRecord()), row)
  })
  const codes = new Set<string>()
  for (const key of outcomes.keys) {
    const code = refusalCodeOf(key)
    if (code !== null && !knownCodes.has(code)) codes.add(code)
  }
  if (codes.size > 0) result.unknownRefusalCodes = unionSorted(result.unknownRefusalCodes, codes)
  if (kinds.size > 0) result.unknownStepKinds = unionSorted(result.unknownStepKinds, kinds)
  if (statuses.size > 0)
    result.unknownRunStatuses = unionSorted(result.unknownRunStatuses, statuses)
  return result
}

/** How many of `steps` the rule gives a time (a tool call of the scope); none for a non-list. */
function countIn(
  steps: readonly CountableUnreadable[],
  timeOf: (step: CountableUnreadable) => number,
): number {
  // Raw JSON (the benchmark folds JSON.parse output) could hold anything here.
  if (!Array.isArray(steps)) return 0
  let n = 0
  for (const step of steps) {
    if (typeof step === 'object' && step !== null && !Number.isNaN(timeOf(step))) n++
  }
  return n
}
