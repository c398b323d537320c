import type { QueryClient } from '@tanstack/react-query'
import type { ApiConfig } from '@/api'
import { filtersBeforeData, type UrlSearch } from '@/domain/filters'
import { parseRunListFilters, parseRunSort } from '@/domain/runs'
import { offsetOfPage, parsePageParam } from './page-param'
import { servedRange } from './served-range'
import { runListPageQuery } from './use-served-run-list'

/**
 * At start-up, while `/meta` and the page's code load: asks the runs page's list when the URL
 * fixes it on its own (`filtersBeforeData`, on the quarter-hour grain, no installation picked),
 * as the same query the page asks on its first render, so the page finds it asked or answered.
 */
export function prefetchRunsPage(
  client: QueryClient,
  config: ApiConfig,
  raw: UrlSearch,
  defaultZone: string,
): void {
  const filters = filtersBeforeData(raw, defaultZone)
  if (filters === null || filters.installation !== undefined) return
  const { within, filters: listFilters } = parseRunListFilters(raw)
  const range = servedRange(filters, within)
  if (range === null) return
  const query = { ...range, filters: listFilters, sort: parseRunSort(raw).sort }
  const offset = offsetOfPage(parsePageParam(raw).page)
  void client.prefetchQuery(runListPageQuery(config, client, query, offset))
}
