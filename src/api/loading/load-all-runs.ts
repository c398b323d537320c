import type { Run } from '@/domain/contract'
import { getRunsPage, type RunsQuery } from '../endpoints'
import { ContractError, HttpError } from '../errors'
import type { ApiConfig } from '../request'
import { retryWait, type RetryWait } from '../retry'

/** How a loader turns pages of runs into a summary without keeping the pages. */
export interface Folder<S, T = Run> {
  empty: () => S
  /** Folds one page's (deduplicated) runs into the summary; may return the same object. */
  fold: (summary: S, runs: ReadonlyArray<T>) => S
}

/** One page of runs (whole runs, or rows of them), its cursor and the query's count. */
export interface PageOf<T> {
  runs: readonly T[]
  nextCursor: string | null
  totalRuns: number
}

/**
 * Where a load's pages come from: `GET /runs` by default, or another endpoint paged alike
 * (`/run-rows`). `path` names it in errors.
 */
export interface PageSource<T> {
  path: string
  fetch: (cursor: string | undefined, limit: number, signal: AbortSignal) => Promise<PageOf<T>>
}

export type LoadStatus = 'loading' | 'waiting' | 'done' | 'partial' | 'cancelled' | 'error'

/** Whether a load has ended (done, partial, cancelled or failed): its figures are the last ones. */
export const hasEnded = (state: Pick<LoadState<unknown>, 'status'> | null | undefined): boolean =>
  state != null && state.status !== 'loading' && state.status !== 'waiting'

export interface LoadState<S> {
  status: LoadStatus
  summary: S
  loadedRuns: number
  /** The server's `totalRuns` of the whole query; null before the first page. */
  totalRuns: number | null
  pages: number
  /** Runs the server sent more than once, on one page or several (a cursor bug); counted once. */
  duplicates: number
  /** The cursor to continue from after a failure or a cancel; null before the first page. */
  cursor: string | null
  error: unknown
  /** While status is `waiting`: how long the server asked us to wait, in ms. */
  waitMs: number | null
  /** `server`: the installation counted it (pre-aggregated `/summary`); else folded here. */
  counted?: 'server'
  /**
   * While `waiting` for a server that counts the installation for the first time: the share
   * counted so far (0–1), or null when it does not say.
   */
  counting?: number | null
  /** Why the server's count was not used and the runs are folded here instead, in a sentence. */
  foldedHere?: string
}

export interface LoadOptions<S, T extends { uuid: string } = Run> {
  config: ApiConfig
  query: Omit<RunsQuery, 'cursor' | 'limit'>
  /** Where pages come from; `GET /runs` of `query` when not given. */
  source?: PageSource<T>
  folder: Folder<S, T>
  signal: AbortSignal
  onUpdate: (state: LoadState<S>) => void
  /**
   * Continue an earlier, incomplete load from its state (same summary, same cursor). When the
   * server no longer knows that cursor (400), the load starts over from the first page with an
   * empty summary and `seen` emptied, once.
   */
  resume?: { state: LoadState<S>; seen: Set<string> }
  pageSize?: number
  /** When to ask again after a failed page, and after how long: the one policy by default. */
  retry?: RetryWait
}

export const PAGE_SIZE = 500

/**
 * Pages in a row that bring no run not seen before (empty, or only repeats) after which a load
 * stops: a server that hands out fresh cursors for nothing would otherwise be followed for ever.
 */
export const MAX_PAGES_WITHOUT_NEW_RUNS = 20

/** The state of a load that has not received a page yet. */
export function emptyState<S>(summary: S): LoadState<S> {
  return {
    status: 'loading',
    summary,
    loadedRuns: 0,
    totalRuns: null,
    pages: 0,
    duplicates: 0,
    cursor: null,
    error: null,
    waitMs: null,
  }
}

/** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(done, ms)
    function done() {
      signal.removeEventListener('abort', abort)
      resolve()
    }
    function abort() {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', abort, { once: true })
  })
}

/** What tells one listed run from another: its uuid, and its installation where one is named. */
type RunIdentity = { uuid: string; installation?: string }

/**
 * A run's key among those a load has seen: a listing of all installations names the same run
 * once for each installation that records it (a staging copy of production), each to be counted.
 */
const runKey = (run: RunIdentity): string =>
  run.installation === undefined ? run.uuid : `${run.installation}\u0000${run.uuid}`

/**
 * Pages through `GET /runs` for a query and folds every page into a summary as it arrives; no
 * raw page is kept. Server trouble is retried by the one policy (`retry.ts`, `pages`);
 * a failure after some pages ends as `partial` with the cursor to resume from, never as complete.
 * A resumed load whose cursor the server rejects (400: it expired while the load was paused)
 * starts over from the first page, once, dropping what it had folded so no run counts twice.
 * Resolves with the final state; an abort resolves as `cancelled` (resumable).
 */
export async function loadAllRuns<S, T extends RunIdentity = Run>(
  options: LoadOptions<S, T>,
): Promise<LoadState<S>> {
  const { config, query, folder, signal, onUpdate } = options
  const source = options.source ?? (runsSource(config, query) as unknown as PageSource<T>)
  const retry = options.retry ?? retryWait('pages')
  const seen = options.resume?.seen ?? new Set<string>()
  let state: LoadState<S> = options.resume
    ? { ...options.resume.state, status: 'loading', error: null, waitMs: null }
    : emptyState(folder.empty())
  const update = (next: Partial<LoadState<S>>) => {
    state = { ...state, ...next }
    onUpdate(state)
  }
  onUpdate(state)

  // Every cursor this load has asked with: a server that hands one out again loops.
  const cursors = new Set<string>()
  if (state.cursor !== null) cursors.add(state.cursor)
  let pagesWithoutNewRuns = 0
  let attempt = 0
  // The contract answers an unknown cursor with 400 and names no lifetime for one: a Resume
  // after a long pause may find it gone. The first page of the query is always valid, so the
  // load starts over, once — the folded summary cannot be continued from anywhere else.
  let mayStartOver = options.resume !== undefined
  for (;;) {
    if (signal.aborted) return finish('cancelled')
    try {
      const page = await source.fetch(
        state.cursor ?? undefined,
        options.pageSize ?? PAGE_SIZE,
        signal,
      )
      attempt = 0
      // Aborted while the page was on its way: a load that continues this one fetches it again.
      if (signal.aborted) return finish('cancelled')
      // A run the server sent before, on an earlier page or earlier on this one, counts once.
      const fresh: T[] = []
      for (const run of page.runs) {
        const key = runKey(run)
        if (seen.has(key)) continue
        seen.add(key)
        fresh.push(run)
      }
      update({
        status: 'loading',
        summary: folder.fold(state.summary, fresh),
        loadedRuns: state.loadedRuns + fresh.length,
        totalRuns: page.totalRuns,
        pages: state.pages + 1,
        duplicates: state.duplicates + (page.runs.length - fresh.length),
        cursor: page.nextCursor,
        waitMs: null,
      })
      if (page.nextCursor === null) return finish('done')
      pagesWithoutNewRuns = fresh.length > 0 ? 0 : pagesWithoutNewRuns + 1
      const endless = endlessPaging(source.path, page.nextCursor, cursors, pagesWithoutNewRuns)
      if (endless !== null) {
        update({ error: endless })
        return finish('partial')
      }
      cursors.add(page.nextCursor)
    } catch (error) {
      if (signal.aborted) return finish('cancelled')
      if (mayStartOver && state.cursor !== null && isRejected(error)) {
        mayStartOver = false
        startOver()
        continue
      }
      const waitMs = retry(attempt, error)
      if (waitMs === null) {
        update({ error })
        return finish(state.pages > 0 ? 'partial' : 'error')
      }
      attempt += 1
      update({ status: 'waiting', waitMs, error })
      try {
        await sleep(waitMs, signal)
      } catch {
        return finish('cancelled')
      }
    }
  }

  /** Drops everything folded (and the runs seen) and goes back to the query's first page. */
  function startOver() {
    seen.clear()
    cursors.clear()
    pagesWithoutNewRuns = 0
    attempt = 0
    update(emptyState(folder.empty()))
  }

  function finish(status: LoadStatus): LoadState<S> {
    update({ status, waitMs: null })
    return state
  }
}

/** `GET /runs` of a query, page by page. */
function runsSource(config: ApiConfig, query: LoadOptions<unknown>['query']): PageSource<Run> {
  return {
    path: '/runs',
    fetch: (cursor, limit, signal) => getRunsPage(config, { ...query, cursor, limit }, signal),
  }
}

/** A 400: the contract's answer to an unknown cursor (or a malformed parameter). */
const isRejected = (error: unknown) => error instanceof HttpError && error.status === 400

/**
 * Why following `next` would never end, or null when it may: the server handed out a cursor
 * this load already asked with (A → B → A), or too many pages in a row brought no new run.
 */
function endlessPaging(
  path: string,
  next: string,
  asked: ReadonlySet<string>,
  pagesWithoutNewRuns: number,
): ContractError | null {
  if (asked.has(next)) {
    return new ContractError(
      path,
      'nextCursor',
      'a cursor not handed out before in this load (following it again would repeat the same pages for ever)',
    )
  }
  if (pagesWithoutNewRuns >= MAX_PAGES_WITHOUT_NEW_RUNS) {
    return new ContractError(
      path,
      'runs',
      `runs not sent before (${pagesWithoutNewRuns} pages in a row brought none, yet each named a next page)`,
    )
  }
  return null
}
