import type { Filters, Preset } from './filters'

/** The search params of a filter as a router takes them; only `custom` writes its days. */
export interface FilterSearch {
  preset: Preset
  tz: string
  from?: string
  to?: string
  tool?: string[]
  installation?: string
}

/**
 * The search params that {@link parseFilters} reads back to the same filters (given the same
 * context). Named presets write no days, so a shared `preset=30d` link follows the data;
 * `tool` is left out when every tool is selected.
 */
export function filtersToSearch(filters: Filters): FilterSearch {
  const search: FilterSearch = { preset: filters.preset, tz: filters.tz }
  if (filters.preset === 'custom') {
    search.from = filters.from
    search.to = filters.to
  }
  if (filters.tools.length > 0) search.tool = [...filters.tools]
  if (filters.installation !== undefined) search.installation = filters.installation
  return search
}

/** The URL parameters of the shared filters: every page reads them, and links carry them. */
export const SHARED_FILTER_KEYS: ReadonlySet<string> = new Set([
  'from',
  'to',
  'tz',
  'tool',
  'preset',
  'installation',
])

/** The shared filters' parameters of a search, as they are (a page parses them); no others. */
export function sharedFilterSearch<V>(
  search: Readonly<Record<string, V | undefined>>,
): Record<string, V> {
  const out: Record<string, V> = {}
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && SHARED_FILTER_KEYS.has(key)) out[key] = value
  }
  return out
}
