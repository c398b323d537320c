import { runListPageSchema, type RunListPage } from '../domain/contract'
import { runListSearch, type RunListQuery } from '../domain/api-query'
import { ContractError, isNotOffered } from './errors'
import { buildUrl, request, requestBytes, type ApiConfig, type QueryValue } from './request'

/** One page of a runs list: `limit` runs from `offset` (0-based) on. */
export interface RunListSlice {
  offset: number
  limit: number
}

const PATH = '/run-list'

/** The query string `runListSearch` writes, as `request` takes it (a repeated name as a list). */
function queryRecord(search: URLSearchParams): Record<string, QueryValue> {
  const record: Record<string, string[]> = {}
  for (const [name, value] of search) (record[name] ??= []).push(value)
  return record
}

/**
 * The address of the whole list as a CSV file (`format=csv`, times in `tz`): what a download
 * link points at, so the browser streams the file to disk. The base URL's own query is kept.
 */
export function runListCsvUrl(config: ApiConfig, query: RunListQuery, tz: string): string {
  return buildUrl(config.baseUrl, PATH, queryRecord(runListSearch(query, { csv: { tz } })))
}

/**
 * The address `fetchRunListPage` asks for one page of `query`: what the entry asks before the
 * app has loaded (decision 0030), so `request` finds it asked.
 */
export function runListPageUrl(baseUrl: string, query: RunListQuery, slice: RunListSlice): string {
  return buildUrl(baseUrl, PATH, queryRecord(runListSearch(query, slice)))
}

/** The first thing in `page` no answer to `slice` can hold, or null when it fits. */
function flawOf(page: RunListPage, slice: RunListSlice): { path: string; expected: string } | null {
  if (page.offset !== slice.offset) {
    return { path: 'offset', expected: `the offset asked for (${slice.offset})` }
  }
  if (page.rows.length > slice.limit) {
    return { path: 'rows', expected: `at most the ${slice.limit} rows asked for` }
  }
  if (page.rows.length > 0 && page.offset + page.rows.length > page.totalRuns) {
    return { path: 'totalRuns', expected: 'at least as many runs as the rows up to this page' }
  }
  if (page.totalRuns > page.rangeRuns) {
    return { path: 'rangeRuns', expected: 'at least the runs passing the filters (totalRuns)' }
  }
  return null
}

/**
 * One page of the installation's sorted, filtered runs list (`GET /run-list`), or
 * `'not-offered'` for a 404, 405 or 501. Any other failure throws the usual typed errors
 * (HttpError, NetworkError, TimeoutError, ContractError — also for a page that cannot answer
 * the slice asked, such as another offset); an abort rethrows the caller's reason.
 */
export async function fetchRunListPage(
  config: ApiConfig,
  query: RunListQuery,
  slice: RunListSlice,
  signal: AbortSignal,
): Promise<RunListPage | 'not-offered'> {
  let page: RunListPage
  try {
    page = await request(config, {
      path: PATH,
      schema: runListPageSchema,
      query: queryRecord(runListSearch(query, slice)),
      signal,
    })
  } catch (error) {
    if (isNotOffered(error)) return 'not-offered'
    throw error
  }
  const flaw = flawOf(page, slice)
  if (flaw !== null) throw new ContractError(PATH, flaw.path, flaw.expected)
  return page
}

/**
 * The whole list as the CSV file the server writes, byte for byte (as text its byte-order mark
 * would be dropped, which Excel needs), for a dashboard whose API answers inside the page (the
 * demo: a download link never reaches it). Throws HttpError, NetworkError or TimeoutError as
 * `request` does; an abort rethrows the caller's reason.
 */
export async function fetchRunListCsv(
  config: ApiConfig,
  query: RunListQuery,
  tz: string,
  signal: AbortSignal,
): Promise<ArrayBuffer> {
  const csv = queryRecord(runListSearch(query, { csv: { tz } }))
  return requestBytes(config, { path: PATH, query: csv, signal, accept: 'text/csv' })
}
