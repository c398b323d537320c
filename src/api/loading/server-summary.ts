import { COUNTING, ZONE_NOT_COUNTED } from '@/domain/contract'
import { emptySummary, type ToolSummary } from '@/domain/summary'
import { HttpError } from '../errors'
import { retryDelay, retryWait } from '../retry'
import { fetchToolSummary } from '../summary-endpoint'
import { queryOf, sendableTools } from './folder-specs'
import { emptyState, sleep, type LoadState } from './load-all-runs'
import type { LoadJob } from './load-runner'

const retry = retryWait('summary')

/**
 * Ranges up to this long are folded from `/runs` while the server counts the installation for
 * the first time: a few days of runs load in seconds, sooner than a first count ends. Longer
 * ones wait for the count, which the banner shows.
 */
const FOLD_WHILE_COUNTING_MS = 7 * 86_400_000

/**
 * What the server said of a job: its count as a finished load state, or that the runs are to be
 * folded here — with the reason to show when it is one the reader should know (`why`).
 */
export type ServerAnswer = { state: LoadState<ToolSummary> } | { state: null; why?: string }

const foldHere = (why?: string): ServerAnswer =>
  why === undefined ? { state: null } : { state: null, why }

/**
 * The tool summary of a job from the installation's own pre-aggregated `GET /summary`
 * (decisions 0008, 0022), as a finished load state; `state: null` when the API does not offer it
 * or the answer cannot be used — the caller then folds `/runs` as always, which also reports any
 * real trouble (an expired session, a server error) the usual way. A 429 or 503 is asked again
 * by the one retry policy (`retry.ts`; reported through `onUpdate` as `waiting`) before that. A
 * server counting the installation for the first time (`503 counting`) is waited for as long as
 * it counts, its progress reported in `counting`, unless the range is short enough to fold
 * sooner; a zone it cannot count (`400 zone_not_counted`) is folded here, and said. Only tool
 * summaries of a non-empty range. `notOffered` holds the base URLs whose API answered that it
 * offers no `/summary`: they are not asked again (the caller keeps it as long as it lives).
 */
export async function serverSummary(
  job: LoadJob,
  signal: AbortSignal,
  notOffered: Set<string>,
  onUpdate?: (state: LoadState<ToolSummary>) => void,
): Promise<ServerAnswer> {
  const { spec, config } = job
  if (spec.kind !== 'tool-summary' || job.resumeFrom !== null) return foldHere()
  const { buckets, tools } = spec.scope
  // A tool the API cannot be asked about is counted by folding every tool's runs.
  const tool = sendableTools(tools)
  if (tool === null || buckets.endMs <= buckets.startMs || notOffered.has(config.baseUrl)) {
    return foldHere()
  }
  const { from, to } = queryOf(spec)
  const short = buckets.endMs - buckets.startMs <= FOLD_WHILE_COUNTING_MS
  // A 429/503 is waited for (decision 0008): folding every page instead would ask hundreds of
  // times of a server that just asked us to wait.
  for (let attempt = 0; ;) {
    let waitMs: number | null
    let counting: number | null | undefined
    try {
      const answer = await fetchToolSummary(config, { from, to, tz: buckets.zone, tool }, signal)
      if (answer === 'not-offered') {
        notOffered.add(config.baseUrl)
        return foldHere()
      }
      return {
        state: {
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
        },
      }
    } catch (error) {
      if (signal.aborted) return foldHere()
      if (isCode(error, 400, ZONE_NOT_COUNTED)) {
        return foldHere(
          `The server cannot count local days in ${buckets.zone}; these figures were folded from every run in this browser.`,
        )
      }
      if (isCode(error, 503, COUNTING)) {
        const share = (error as HttpError).progress
        if (short) {
          return foldHere(
            `The server is counting this installation for the first time${share === null ? '' : ` (${Math.floor(share * 100)} %)`}; this short range was folded from its runs in this browser instead.`,
          )
        }
        // As long as the server counts, and says so, it is asked again: no limit of tries.
        counting = share
        waitMs = retryDelay(0, error)
      } else {
        waitMs = retry(attempt, error)
        attempt += 1
      }
      if (waitMs === null) return foldHere()
      onUpdate?.({
        ...emptyState(emptySummary()),
        status: 'waiting',
        waitMs,
        error,
        ...(counting === undefined ? {} : { counting }),
      })
      try {
        await sleep(waitMs, signal)
      } catch {
        return foldHere()
      }
      onUpdate?.(emptyState(emptySummary()))
    }
  }
}

const isCode = (error: unknown, status: number, code: string): boolean =>
  error instanceof HttpError && error.status === status && error.code === code
