import { SHARED_FILTER_KEYS, SORT_PARAM_KEYS, type UrlSearch } from '@/domain/filters'

/**
 * The URL keys a saved view keeps: the shared filters, sorting, the overview's decision date and
 * window, the runs list's filters and time window, the checker's chosen tool and mode. Each holds
 * a day, zone, instant, tool or configuration name, status or a choice — metadata only. The
 * playground's `args` and `call` hold arguments text a person typed and are never kept (the
 * privacy promise covers argument text whoever wrote it); a key not named here is left out, so a
 * key added later is kept only once someone decides it may be.
 */
export const VIEW_KEYS: ReadonlySet<string> = new Set([
  ...SHARED_FILTER_KEYS,
  ...SORT_PARAM_KEYS,
  'since',
  'window',
  'outcome',
  'configuration',
  'status',
  'after',
  'before',
  'check',
  'mode',
])

/** The longest value a view keeps; a longer one (no name or instant is that long) is left out. */
export const MAX_VIEW_VALUE = 2_000
/** The most values one key keeps (`tool` repeats). */
export const MAX_VIEW_VALUES = 200

const keptValue = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_VIEW_VALUE

/**
 * The part of a URL search a view keeps: the {@link VIEW_KEYS} with string values (a repeated
 * key as an array of strings), in a record without prototype. Anything else — another key, a
 * value that is not text, too long or too many — is left out; empty or missing input gives an
 * empty search. Used on saving and again on reading storage, which may hold anything.
 */
export function viewSearch(search: unknown): UrlSearch {
  const out = Object.create(null) as UrlSearch
  if (search === null || typeof search !== 'object' || Array.isArray(search)) return out
  for (const [key, value] of Object.entries(search)) {
    if (!VIEW_KEYS.has(key)) continue
    if (keptValue(value)) out[key] = value
    else if (Array.isArray(value) && value.length <= MAX_VIEW_VALUES && value.every(keptValue)) {
      out[key] = [...value]
    }
  }
  return out
}
