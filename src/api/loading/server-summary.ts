import { emptySummary, type ToolSummary } from '@/domain/summary'
import { retryWait } from '../retry'
import { fetchToolSummary } from '../summary-endpoint'
import { queryOf, sendableTools } from './folder-specs'
import { emptyState, sleep, type LoadState } from './load-all-runs'
import type { LoadJob } from './load-runner'

const retry = retryWait('summary')

/**
 * The tool summary of a job from the installation's own pre-aggregated `GET /summary`
 * (decision 0008), as a finished load state; null when the API does not offer it or the answer
 * cannot be used — the caller then folds `/runs` as always, which also reports any real trouble
 * (an expired session, a server error) the usual way. A 429 or 503 is asked again by the one
 * retry policy (`retry.ts`; reported through `onUpdate` as `waiting`) before that. Only tool
 * summaries of a non-empty range. `notOffered` holds the base URLs whose API answered that it
 * offers no `/summary`: they are not asked again (the caller keeps it as long as it lives).
 */
export async function serverSummary(
  job: LoadJob,
  signal: AbortSignal,
  notOffered: Set<string>,
  onUpdate?: (state: LoadState<ToolSummary>) => void,
): Promise<LoadState<ToolSummary> | null> {
  const { spec, config } = job
  if (spec.kind !== 'tool-summary' || job.resumeFrom !== null) return null
  const { buckets, tools } = spec.scope
  // A tool the API cannot be asked about is counted by folding every tool's runs.
  const tool = sendableTools(tools)
  if (tool === null || buckets.endMs <= buckets.startMs || notOffered.has(config.baseUrl)) {
    return null
  }
  const { from, to } = queryOf(spec)
  // A 429/503 is waited for (decision 0008): folding every page instead would ask hundreds of
  // times of a server that just asked us to wait.
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await fetchToolSummary(config, { from, to, tz: buckets.zone, tool }, signal)
      if (answer === 'not-offered') {
        notOffered.add(config.baseUrl)
        return null
      }
      return {
        status: 'done',
        summary: answer,
        loadedRuns: answer.runs,
        totalRuns: answer.runs,
        pages: 1,
        duplicates: 0,
        cursor: null,
        error: null,
        waitMs: null,
        counted: 'server',
      }
    } catch (error) {
      const waitMs = signal.aborted ? null : retry(attempt, error)
      if (waitMs === null) return null
      onUpdate?.({ ...emptyState(emptySummary()), status: 'waiting', waitMs, error })
      try {
        await sleep(waitMs, signal)
      } catch {
        return null
      }
      onUpdate?.(emptyState(emptySummary()))
    }
  }
}
