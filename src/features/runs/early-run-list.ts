import { askEarly } from '@/api/early-responses'
import { runListPageUrl } from '@/api/run-list-endpoint'
import type { UrlSearch } from '@/domain/filters'
import { RUNS_PAGE_SIZE } from './page-param'
import { runsPageList } from './prefetch-runs-page'

/**
 * From the entry, before the app has loaded (decision 0030): asks the page of the runs list a
 * `/runs` URL's `search` (parsed as the router parses it) fixes on its own, exactly as the page
 * will (`runsPageList`, then `fetchRunListPage`'s address), so its first request finds the
 * answer on its way.
 */
export function askRunListEarly(baseUrl: string, search: UrlSearch, defaultZone: string): void {
  const list = runsPageList(search, defaultZone)
  if (list === null) return
  askEarly(runListPageUrl(baseUrl, list.query, { offset: list.offset, limit: RUNS_PAGE_SIZE }))
}
