import { COUNTING, type RunRowItem } from '@/domain/contract'
import { SUMMARY_GRAIN_MS } from '@/domain/api-query'
import { emptyRunsSummary, foldServedRows, type RunsSummary } from '@/domain/runs'
import { getRunRowsPage } from '../endpoints'
import { HttpError, isNotOffered } from '../errors'
import type { ApiConfig } from '../request'
import { queryOf, type FolderSpec } from './folder-specs'
import { loadAllRuns, type Folder, type LoadState, type PageSource } from './load-all-runs'

/** Rows asked per page: a row is a few hundred bytes, a run with its steps tens of kilobytes. */
export const ROWS_PAGE_SIZE = 2000

/** The first page said the rows are to be folded here from `/runs`, and why when it matters. */
class FoldHere extends Error {
  constructor(
    readonly notOffered: boolean,
    readonly why?: string,
  ) {
    super('fold /runs here')
  }
}

const rowsFolder: Folder<RunsSummary, RunRowItem> = {
  empty: emptyRunsSummary,
  fold: foldServedRows,
}

/** Whether a spec's runs list can be asked of `/run-rows`: a range on the server's grain. */
export function asksRunRows(spec: FolderSpec): boolean {
  if (spec.kind !== 'runs-list') return false
  const { startMs, endMs } = spec.scope.buckets
  return endMs > startMs && startMs % SUMMARY_GRAIN_MS === 0 && endMs % SUMMARY_GRAIN_MS === 0
}

/** What {@link loadRunRows} ended with: the load's last state, or that `/runs` is to be folded. */
export type RunRowsAnswer =
  { state: LoadState<RunsSummary> } | { state: null; notOffered: boolean; why?: string }

/**
 * The runs list of a spec counted by the installation (`GET /run-rows`, page by page, as
 * `loadAllRuns` pages `/runs`: retries, partial loads, resuming from a cursor), so no step crosses
 * the network. When its first page says the endpoint is not offered (404, 405, 501), the server
 * is still counting the installation for the first time (503 `counting`) or refuses the query
 * (400), nothing is shown of it and `state: null` says to fold `/runs` instead.
 */
export async function loadRunRows(
  config: ApiConfig,
  spec: FolderSpec,
  signal: AbortSignal,
  onUpdate: (state: LoadState<RunsSummary>) => void,
  resume?: { state: LoadState<RunsSummary>; seen: Set<string> },
): Promise<RunRowsAnswer> {
  const query = queryOf(spec)
  let pages = resume?.state.pages ?? 0
  const source: PageSource<RunRowItem> = {
    path: '/run-rows',
    fetch: async (cursor, limit, signal) => {
      try {
        const page = await getRunRowsPage(config, { ...query, cursor, limit }, signal)
        pages += 1
        return { runs: page.rows, nextCursor: page.nextCursor, totalRuns: page.totalRuns }
      } catch (error) {
        throw pages === 0 ? (declined(error) ?? error) : error
      }
    },
  }
  const state = await loadAllRuns({
    config,
    query,
    source,
    folder: rowsFolder,
    signal,
    resume,
    pageSize: ROWS_PAGE_SIZE,
    onUpdate: (next) => {
      // Nothing is said before the first page: it may yet say to fold `/runs` instead.
      const before = next.pages === 0 && next.status === 'loading' && next.error === null
      if (!before && !(next.error instanceof FoldHere)) onUpdate({ ...next, counted: 'server' })
    },
  })
  const { error } = state
  if (error instanceof FoldHere) {
    return error.why === undefined
      ? { state: null, notOffered: error.notOffered }
      : { state: null, notOffered: error.notOffered, why: error.why }
  }
  return { state: { ...state, counted: 'server' } }
}

/** The {@link FoldHere} a first page's failure means, or null when it is real trouble. */
function declined(error: unknown): FoldHere | null {
  if (!(error instanceof HttpError)) return null
  if (isNotOffered(error)) return new FoldHere(true)
  if (error.status === 400) return new FoldHere(false)
  if (error.status === 503 && error.code === COUNTING) {
    const share = error.progress
    return new FoldHere(
      false,
      `The server is counting this installation for the first time${share === null ? '' : ` (${Math.floor(share * 100)} %)`}; these runs were folded from their steps in this browser instead.`,
    )
  }
  return null
}
