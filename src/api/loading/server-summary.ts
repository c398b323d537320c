import type { ToolSummary } from '../../domain/summary'
import { fetchToolSummary } from '../summary-endpoint'
import { queryOf, sendableTools } from './folder-specs'
import type { LoadState } from './load-all-runs'
import type { LoadJob } from './load-runner'

/** Base URLs whose API answered that it offers no `/summary`: not asked again. */
const notOffered = new Set<string>()

/**
 * The tool summary of a job from the installation's own pre-aggregated `GET /summary`
 * (decision 0008), as a finished load state; null when the API does not offer it or the answer
 * cannot be used — the caller then folds `/runs` as always, which also reports any real trouble
 * (an expired session, a server error) the usual way. Only tool summaries of a non-empty range.
 */
export async function serverSummary(
  job: LoadJob,
  signal: AbortSignal,
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
  } catch {
    return null
  }
}
