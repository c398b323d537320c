import type { FirstRefusal } from '@/domain/effect'
import { narrowScope, type ToolSummary } from '@/domain/summary'
import { addDays, startOfDayMs, type IsoDay } from '@/domain/time'
import type { FolderSpec } from './folder-specs'
import type { LoadState } from './load-all-runs'
import type { LoadJob } from './load-runner'
import { serverSummary } from './server-summary'

/** What to do for a first-refusal job: fold `spec`, or take `state` as its answer. */
export type FirstRefusalPlan = { spec: FolderSpec } | { state: LoadState<FirstRefusal> }

/**
 * A first-refusal job narrowed by the installation's `/summary` of its whole range (its days):
 * only the first day with a refused call is folded, which finds the same first refused call as
 * folding every run — the summary counts refusals by the same counting and outcome rules. With no
 * refused call anywhere, the answer is the summary's own (no time). `runs` is then the runs of
 * the whole range, and of that day when one day is folded. Any other job, a job that
 * continues another, or an installation whose `/summary` cannot answer: the spec as it is.
 */
export async function firstRefusalDay(
  job: LoadJob,
  signal: AbortSignal,
  notOffered: Set<string>,
): Promise<FirstRefusalPlan> {
  const { spec } = job
  if (spec.kind !== 'first-refusal' || job.resumeFrom !== null) return { spec }
  // Not waited for: a server that is busy or still counting leaves the search to the fold, which
  // shows its progress (this question would show none).
  const answer = await serverSummary(
    { ...job, spec: { kind: 'tool-summary', scope: spec.scope } },
    signal,
    notOffered,
    undefined,
    false,
  )
  if (answer.state === null || answer.state.status !== 'done') return { spec }
  const summary = answer.state.summary as ToolSummary
  const refused = (day: string) =>
    Object.entries(summary.byDay[day] ?? {}).some(
      ([outcome, calls]) => outcome.startsWith('refused:') && (calls ?? 0) > 0,
    )
  const first = Object.keys(summary.byDay).filter(refused).sort()[0]
  if (first === undefined) {
    return {
      state: { ...answer.state, summary: { runs: summary.runs, firstMs: null } },
    }
  }
  const { zone } = spec.scope.buckets
  const day = first as IsoDay
  const window = { startMs: startOfDayMs(day, zone), endMs: startOfDayMs(addDays(day, 1), zone) }
  const scope = narrowScope(spec.scope, window)
  return { spec: { kind: 'first-refusal', scope } }
}
