import { useMemo } from 'react'
import { filtersBeforeData, type Filters, type UrlSearch } from '@/domain/filters'
import { describeValue } from '@/domain/filters/describe-value'
import { rawValue } from '@/domain/filters/read-param'
import { parseRunListFilters, type RunSort } from '@/domain/runs'
import { beyondEndLine, PAGE_PARAM, parsePageParam } from './page-param'
import { servedRange } from './served-range'
import { useRunsList } from './use-runs-list'
import { useRunListFacets, useServedRunList } from './use-served-run-list'

/**
 * Where a runs page's list comes from, and the list's own filters as the URL gives them: one page
 * of the installation's `GET /run-list` when it offers it for this range (`served`, asked for
 * `query`), else every run loaded and folded here (`runs`, loaded only then). A status neither
 * the contract nor any run of the range has is a typo: known from the page's facets when served,
 * once every run is loaded when folded. `ignored` has a line for each list parameter ignored.
 * While `filters` wait for `/meta`, a URL that fixes its days on its own (`defaultZone` is the
 * zone without `tz`) asks for its page already: the same query, so its answer is the one shown.
 */
export function useRunsSource(
  raw: UrlSearch,
  filters: Filters | null,
  sort: RunSort,
  defaultZone: string,
) {
  const within = useMemo(() => parseRunListFilters(raw).within, [raw])
  const paging = useMemo(() => parsePageParam(raw), [raw])

  const early = useMemo(
    () => (filters ? null : filtersBeforeData(raw, defaultZone)),
    [filters, raw, defaultZone],
  )
  const range = useMemo(() => {
    const known = filters ?? early
    return known ? servedRange(known, within) : null
  }, [filters, early, within])
  const facets = useRunListFacets(range)
  const facetStatuses = useMemo(() => (facets ? new Set(facets.statuses) : null), [facets])
  const servedList = useMemo(() => parseRunListFilters(raw, facetStatuses), [raw, facetStatuses])
  const query = useMemo(
    () => (range ? { ...range, filters: servedList.filters, sort } : null),
    [range, servedList.filters, sort],
  )
  const served = useServedRunList(query, paging.page)
  const folding = served.mode === 'fold'

  const runs = useRunsList(folding ? filters : null, within)
  const loaded = folding && runs.state?.status === 'done' ? runs.state.summary.rows : null
  const seenStatuses = useMemo(
    () => (loaded === null ? null : new Set(loaded.map((row) => row.status))),
    [loaded],
  )
  const foldedList = useMemo(() => parseRunListFilters(raw, seenStatuses), [raw, seenStatuses])
  const list = folding ? foldedList : servedList

  const shown = served.mode === 'served' && !served.pending ? served.shown : null
  const pageValue = rawValue(raw, PAGE_PARAM)
  const pageIgnored = folding
    ? pageValue === undefined
      ? []
      : [
          `Ignored page=${describeValue(pageValue)}: this installation's list shows every run at once`,
        ]
    : [
        ...paging.ignored,
        ...(shown?.beyond ? [beyondEndLine(paging.page, shown.page.totalRuns)] : []),
      ]

  return {
    served,
    /** What the installation is asked for; null when the list is folded here for its range. */
    query,
    facets,
    runs,
    list,
    /** The page asked for (1-based). */
    page: paging.page,
    ignored: [...list.ignored, ...pageIgnored],
  }
}
