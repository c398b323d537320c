import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import {
  fetchRunListPage,
  HttpError,
  retryDelay,
  diagnosticsKeys,
  shouldRetry,
  useApiConfig,
  type ApiConfig,
} from '@/api'
import type { RunListQuery } from '@/domain/api-query'
import { COUNTING, type RunListPage } from '@/domain/contract'
import { runRowFromItem, type RunRow } from '@/domain/runs'
import type { RunListFacets } from './run-list-controls'
import type { RunListRange } from './served-range'
import { offsetOfPage, RUNS_PAGE_SIZE } from './page-param'

/** One page the installation listed, its rows as the table shows them. */
export interface ServedPage {
  page: RunListPage
  rows: RunRow[]
  /** The page asked for lies past the list's end: this is the first page instead. */
  beyond: boolean
}

type Answer = { kind: 'page'; served: ServedPage } | { kind: 'fold' }

/** How the page lists its runs for the current query. */
export type ServedRunList =
  /** Not served: folded from every run here, as always. */
  | { mode: 'fold' }
  /** The installation is being asked for the first time; nothing to show yet. */
  | { mode: 'asking'; failures: number; failure: unknown }
  | {
      mode: 'served'
      /** The page shown; null after a failure with nothing to show. */
      shown: ServedPage | null
      /** The page shown is the previous query's: the one asked for is on its way. */
      pending: boolean
      error: unknown
      retry: () => void
    }

const FOLD: Answer = { kind: 'fold' }

/** Where the facets of a range are kept: every page of the range brings them. */
const facetsKey = (config: ApiConfig, range: RunListRange) =>
  [...diagnosticsKeys.runList(config), 'facets', range] as const

/**
 * Answers after which the list is folded here: the query is refused (400: a server that does
 * not take it), or the server is still counting the installation for the first time (503
 * `counting`), which takes minutes on a big one. A 503 without it is a busy server: asked again.
 */
const declines = (error: unknown) =>
  error instanceof HttpError &&
  (error.status === 400 || (error.status === 503 && error.code === COUNTING))

/** The facets last seen for `range` (null before its first page arrives). */
export function useRunListFacets(range: RunListRange | null): RunListFacets | null {
  const config = useApiConfig()
  const { data } = useQuery<RunListFacets>({
    queryKey: range ? facetsKey(config, range) : [...diagnosticsKeys.runList(config), 'facets'],
    queryFn: skipToken,
    staleTime: Infinity,
  })
  return range && data ? data : null
}

/**
 * How a page of `asked` at `offset` is asked for and kept: by `useServedRunList`, and by the
 * start-up before the page has mounted (the same key, so the page finds the answer).
 */
export function runListPageQuery(
  config: ApiConfig,
  client: QueryClient,
  asked: RunListQuery,
  offset: number,
) {
  return queryOptions<Answer>({
    queryKey: diagnosticsKeys.runListPage(config, asked, offset),
    queryFn: async ({ signal }) => {
      const ask = (from: number) =>
        fetchRunListPage(config, asked, { offset: from, limit: RUNS_PAGE_SIZE }, signal)
      try {
        let answer = await ask(offset)
        const beyond = answer !== 'not-offered' && offset > 0 && answer.rows.length === 0
        if (beyond) answer = await ask(0)
        if (answer === 'not-offered') {
          client.setQueryData(diagnosticsKeys.runListNotOffered(config), true)
          return FOLD
        }
        const { configurations, statuses, otherCodes } = answer
        const range = { from: asked.from, to: asked.to, tools: asked.tools }
        client.setQueryData(facetsKey(config, range), { configurations, statuses, otherCodes })
        const rows = answer.rows.map(runRowFromItem)
        return { kind: 'page', served: { page: answer, rows, beyond } }
      } catch (error) {
        if (declines(error)) return FOLD
        throw error
      }
    },
    placeholderData: keepPreviousData,
    // A page is kept as it was first listed, as a folded list is: coming back from a run finds
    // the same rows in the same places (its link is focused again).
    staleTime: Infinity,
    retry: (failures, error) => shouldRetry('request', failures, error),
    retryDelay,
  })
}

/**
 * The page of `query` (page `page`, 1-based) as the installation's `GET /run-list` sorts,
 * filters and cuts it — or `fold` when the runs are to be folded here: no query (off the
 * quarter hour), an installation that does not offer the endpoint (remembered for its base URL,
 * so it is not asked again), or one that declines this query. While another page, sort or filter
 * is asked for, the page shown stays, marked `pending`. A page past the list's end brings the
 * first page, said by `beyond`.
 */
export function useServedRunList(query: RunListQuery | null, page: number): ServedRunList {
  const config = useApiConfig()
  const client = useQueryClient()
  const notOffered = useQuery<boolean>({
    queryKey: diagnosticsKeys.runListNotOffered(config),
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  const asked = notOffered.data === true ? null : query
  const result = useQuery<Answer>(
    asked
      ? runListPageQuery(config, client, asked, offsetOfPage(page))
      : { queryKey: diagnosticsKeys.runList(config), queryFn: skipToken },
  )

  if (asked === null) return { mode: 'fold' }
  const { data } = result
  if (data?.kind === 'fold') return { mode: 'fold' }
  const retry = () => void result.refetch()
  if (data === undefined) {
    if (result.isError && !result.isFetching) {
      return { mode: 'served', shown: null, pending: false, error: result.error, retry }
    }
    return { mode: 'asking', failures: result.failureCount, failure: result.failureReason }
  }
  return {
    mode: 'served',
    shown: data.served,
    pending: result.isPlaceholderData,
    error: null,
    retry,
  }
}
