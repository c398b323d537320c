import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useMeta, useToolCatalogue } from '../api'
import { filtersToSearch, parseFilters, type Filters } from '../domain/filters'

const FILTER_KEYS = new Set(['from', 'to', 'tz', 'tool', 'preset'])

/** The browser's zone, the default when the URL names none. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * The shared filters of the current URL, parsed with the installation's data (meta for default
 * dates, the catalogue for unknown tools). `filters` is null until `/meta` has loaded.
 * `setFilters` writes a change to the URL (a new history entry, so Back restores the old one)
 * and keeps every parameter that is not a filter.
 */
export function useDashboardFilters() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const meta = useMeta()
  const catalogue = useToolCatalogue()
  const navigate = useNavigate()
  const zone = browserZone()

  const parsed = useMemo(() => {
    if (!meta.data) return null
    return parseFilters(raw, {
      latestAt: meta.data.latestAt,
      earliestAt: meta.data.earliestAt,
      knownTools: catalogue.data ? catalogue.data.tools.map((t) => t.name) : null,
      defaultZone: zone,
    })
  }, [raw, meta.data, catalogue.data, zone])

  const setFilters = useCallback(
    (change: Partial<Filters>) => {
      if (!parsed) return
      const next: Filters = { ...parsed.filters, ...change }
      void navigate({
        to: '.',
        // A filter change redraws the page in place; keep the reader where they are.
        resetScroll: false,
        search: (prev: Record<string, unknown>) => {
          const kept = Object.fromEntries(
            Object.entries(prev).filter(([key]) => !FILTER_KEYS.has(key)),
          )
          return { ...kept, ...filtersToSearch(next) }
        },
      })
    },
    [navigate, parsed],
  )

  return {
    meta,
    catalogue,
    filters: parsed?.filters ?? null,
    ignored: parsed?.ignored ?? [],
    setFilters,
    browserZone: zone,
  }
}
