import { COUNTING, ZONE_NOT_COUNTED } from '@/domain/contract'
import { emptySummary } from '@/domain/summary'
import { emptyEffectSummary } from '@/domain/effect'
import { fetchEffect } from '../effect-endpoint'
import { HttpError } from '../errors'
import { retryDelay, retryWait } from '../retry'
import { fetchToolSummary } from '../summary-endpoint'
import { iso, queryOf, sendableTools } from './folder-specs'
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
export type ServerAnswer = { state: LoadState<unknown> } | { state: null; why?: string }

const foldHere = (why?: string): ServerAnswer =>
  why === undefined ? { state: null } : { state: null, why }

/** What a job can ask the server instead of folding `/runs`. */
interface Question {
  /** The endpoint at its installation, as remembered when it is not offered. */
  key: string
  /** The range's length: a short one is folded while the server counts for the first time. */
  spanMs: number
  /** The zone of local days, for a server that cannot count them. */
  zone: string | null
  empty: () => unknown
  ask: (signal: AbortSignal) => Promise<{ summary: unknown; runs: number } | 'not-offered'>
}

/** The server's question for a job: `/summary` for a tool summary, `/effect` for an effect. */
function questionOf(job: LoadJob): Question | null {
  const { spec, config } = job
  if (job.resumeFrom !== null) return null
  if (spec.kind === 'tool-summary') {
    const { buckets, tools } = spec.scope
    // A tool the API cannot be asked about is counted by folding every tool's runs.
    const tool = sendableTools(tools)
    if (tool === null || buckets.endMs <= buckets.startMs) return null
    const { from, to } = queryOf(spec)
    return {
      key: `${config.baseUrl} /summary`,
      spanMs: buckets.endMs - buckets.startMs,
      zone: buckets.zone,
      empty: emptySummary,
      ask: async (signal) => {
        const answer = await fetchToolSummary(config, { from, to, tz: buckets.zone, tool }, signal)
        return answer === 'not-offered' ? answer : { summary: answer, runs: answer.runs }
      },
    }
  }
  if (spec.kind === 'effect') {
    const { beforeStartMs, decisionMs, afterEndMs, scope } = spec.scope
    const tool = sendableTools(scope.tools)
    if (tool === null || afterEndMs <= beforeStartMs) return null
    const query = { from: iso(beforeStartMs), decision: iso(decisionMs), to: iso(afterEndMs), tool }
    return {
      key: `${config.baseUrl} /effect`,
      spanMs: afterEndMs - beforeStartMs,
      zone: null,
      empty: emptyEffectSummary,
      ask: async (signal) => {
        const answer = await fetchEffect(config, query, signal)
        return answer === 'not-offered' ? answer : { summary: answer, runs: answer.runs }
      },
    }
  }
  return null
}

/**
 * The summary of a job counted by the installation itself — a tool summary from its
 * pre-aggregated `GET /summary` (decisions 0008, 0022), the overview's effect from `GET /effect`
 * (decision 0027) — as a finished load state; `state: null` when the API does not offer it or the
 * answer cannot be used — the caller then folds `/runs` as always, which also reports any real
 * trouble (an expired session, a server error) the usual way. A 429 or 503 is asked again by the
 * one retry policy (`retry.ts`; reported through `onUpdate` as `waiting`) before that. A server
 * counting the installation for the first time (`503 counting`) is waited for as long as it
 * counts, its progress reported in `counting`, unless the range is short enough to fold sooner; a
 * zone it cannot count (`400 zone_not_counted`) is folded here, and said. Only non-empty ranges.
 * `notOffered` holds the endpoints (base URL and path) whose API answered that it does not offer
 * them: they are not asked again (the caller keeps it as long as it lives).
 */
export async function serverSummary(
  job: LoadJob,
  signal: AbortSignal,
  notOffered: Set<string>,
  onUpdate?: (state: LoadState<unknown>) => void,
  /** False: a server that asks to wait (429, 503, `counting`) is not waited for; fold instead. */
  waits = true,
): Promise<ServerAnswer> {
  const question = questionOf(job)
  if (question === null || notOffered.has(question.key)) return foldHere()
  const short = question.spanMs <= FOLD_WHILE_COUNTING_MS
  // A 429/503 is waited for (decision 0008): folding every page instead would ask hundreds of
  // times of a server that just asked us to wait.
  for (let attempt = 0; ;) {
    let waitMs: number | null
    let counting: number | null | undefined
    try {
      const answer = await question.ask(signal)
      if (answer === 'not-offered') {
        notOffered.add(question.key)
        return foldHere()
      }
      return {
        state: {
          status: 'done',
          summary: answer.summary,
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
      if (question.zone !== null && isCode(error, 400, ZONE_NOT_COUNTED)) {
        return foldHere(
          `The server cannot count local days in ${question.zone}; these figures were folded from every run in this browser.`,
        )
      }
      if (!waits) return foldHere()
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
        ...emptyState(question.empty()),
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
      onUpdate?.(emptyState(question.empty()))
    }
  }
}

const isCode = (error: unknown, status: number, code: string): boolean =>
  error instanceof HttpError && error.status === status && error.code === code
