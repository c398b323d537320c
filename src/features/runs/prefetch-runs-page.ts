import type { QueryClient } from '@tanstack/react-query'
import type { ApiConfig } from '@/api'
import type { RunListQuery } from '@/domain/api-query'
import { filtersBeforeData, type UrlSearch } from '@/domain/filters'
import { parseRunListFilters, parseRunSort } from '@/domain/runs'
import { offsetOfPage, parsePageParam } from './page-param'
import { servedRange } from './served-range'
import { runListPageQuery } from './use-served-run-list'

/**
 * The list a runs page's URL fixes on its own (`filtersBeforeData`, on the quarter-hour grain,
 * no installation picked) and the offset of its page: what the page asks on its first render.
 * Null when the page's list depends on `/meta` or the catalogue, or is folded here.
 */
export function runsPageList(
  raw: UrlSearch,
  defaultZone: string,
): { query: RunListQuery; offset: number } | null {
  const filters = filtersBeforeData(raw, defaultZone)
  if (filters === null || filters.installation !== undefined) return null
  const { within, filters: listFilters } = parseRunListFilters(raw)
  const range = servedRange(filters, within)
  if (range === null) return null
  const query = { ...range, filters: listFilters, sort: parseRunSort(raw).sort }
  return { query, offset: offsetOfPage(parsePageParam(raw).page) }
}

/**
 * At start-up, while `/meta` and the page's code load: asks the runs page's list when the URL
 * fixes it ({@link runsPageList}), as the same query the page asks on its first render, so the
 * page finds it asked or answered.
 */
export function prefetchRunsPage(
  client: QueryClient,
  config: ApiConfig,
  raw: UrlSearch,
  defaultZone: string,
): void {
  const list = runsPageList(raw, defaultZone)
  if (list === null) return
  void client.prefetchQuery(runListPageQuery(config, client, list.query, list.offset))
}
