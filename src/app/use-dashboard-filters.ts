import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import {
  SummaryStoreContext,
  summaryKey,
  toolSummaryRequest,
  useApiConfig,
  useMeta,
  useToolCatalogue,
} from '../api'
import {
  dataEndNote,
  filtersToSearch,
  parseFilters,
  sameFilters,
  SHARED_FILTER_KEYS,
  zoneParam,
  type Filters,
} from '../domain/filters'
import { useStable } from '../components/ui/use-stable'
import { browserZone } from './browser-zone'
import { useClock } from './clock'
import type { ToolSummary } from '../domain/summary'

const noSubscribe = () => () => undefined

const sameNullableFilters = (a: Filters | null, b: Filters | null) =>
  a !== null && b !== null && sameFilters(a, b)

/**
 * The shared filters of the current URL, parsed with the installation's data (meta for default
 * dates, the catalogue for unknown tools). `filters` is null until `/meta` has loaded.
 * `setFilters` writes a change to the URL (a new history entry, so Back restores the old one,
 * unless `replace` is asked for) and keeps every parameter that is not a filter.
 */
export function useDashboardFilters() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const meta = useMeta()
  const catalogue = useToolCatalogue()
  const navigate = useNavigate()
  const zone = browserZone()

  const config = useApiConfig()
  const store = useContext(SummaryStoreContext)
  const clock = useClock()
  // Today is read when the installation's data arrives (a page open past midnight keeps its
  // range until the next reload, as a shared link does).
  const context = useMemo(
    () =>
      meta.data
        ? {
            latestAt: meta.data.latestAt,
            earliestAt: meta.data.earliestAt,
            defaultZone: zone,
            nowMs: clock(),
          }
        : null,
    [meta.data, zone, clock],
  )
  // The range's calls of every tool, when the unfiltered summary of these days is loaded (or
  // loading): tools the catalogue no longer offers still have calls in the data, and the tool
  // picker shows counts for every tool even while some are selected.
  const rangeKey = useMemo(() => {
    if (!context) return null
    const { filters } = parseFilters(raw, { ...context, knownTools: null })
    return summaryKey(toolSummaryRequest(config, { ...filters, tools: [] }))
  }, [raw, context, config])
  const rangeCounts = useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    () => (rangeKey && store ? (store.get<ToolSummary>(rangeKey)?.summary.byTool ?? null) : null),
    () => null,
  )

  const parsed = useMemo(() => {
    if (!context) return null
    const catalogueTools = catalogue.data ? catalogue.data.tools.map((t) => t.name) : null
    const knownTools =
      catalogueTools === null ? null : [...catalogueTools, ...Object.keys(rangeCounts ?? {})]
    return parseFilters(raw, { ...context, knownTools })
  }, [raw, context, catalogue.data, rangeCounts])

  const setFilters = useCallback(
    (change: Partial<Filters>, options: { replace?: boolean } = {}) => {
      if (!parsed) return
      const next: Filters = { ...parsed.filters, ...change }
      void navigate({
        to: '.',
        replace: options.replace === true,
        // A filter change redraws the page in place; keep the reader where they are.
        resetScroll: false,
        search: (prev: Record<string, unknown>) => {
          const kept = Object.fromEntries(
            Object.entries(prev).filter(([key]) => !SHARED_FILTER_KEYS.has(key)),
          )
          return { ...kept, ...filtersToSearch(next) }
        },
      })
    },
    [navigate, parsed],
  )

  // The filters are parsed again whenever the range's tool counts grow (every loading update):
  // equal filters keep their identity, so nothing memoised on them is rebuilt.
  const filters = useStable(parsed?.filters ?? null, sameNullableFilters)
  // The zone needs no installation data: known from the first render, and by the same rule and
  // inputs as `filters.tz`.
  const urlZone = useMemo(() => zoneParam(raw, zone), [raw, zone])

  return {
    meta,
    catalogue,
    filters,
    /** Calls per tool and outcome in the range for every tool, when loaded; else null. */
    rangeCounts,
    ignored: parsed?.ignored ?? [],
    /** "data until 28 Nov 2026" when the range reaches past the last recorded day; else null. */
    dataEnd: parsed && context ? dataEndNote(parsed.filters, context, parsed.filters.tz) : null,
    setFilters,
    /** The zone days and times are read in (the URL's `tz`, else this browser's). */
    zone: urlZone,
    browserZone: zone,
  }
}
