import { outcomeParam, parseOutcome, type RunListFilters } from '../runs/run-filters'
import {
  DEFAULT_RUN_SORT,
  isTextSortKey,
  runSortKeyOf,
  runSortParam,
  type RunSort,
} from '../runs/sort-rows'
import { normalizeZone } from '../time'
import { offGrain } from './summary-grain'
import { requiredRange, single, toolsOf } from './runs-params'

export const RUN_LIST_DEFAULT_LIMIT = 100
export const RUN_LIST_MAX_LIMIT = 1000

/** What a runs list asks the server: its range and tools, its own filters and its order. */
export interface RunListQuery {
  /** `[from, to)` in epoch ms, on the quarter hour. */
  from: number
  to: number
  tools: readonly string[]
  filters: RunListFilters
  sort: RunSort
}

/** The parsed query of `GET /run-list`, or the one sentence that says what is wrong with it. */
export type RunListParams =
  | ({ ok: true } & RunListQuery &
      ({ format: 'json'; offset: number; limit: number } | { format: 'csv'; tz: string }))
  | { ok: false; message: string }

/**
 * Parses `GET /run-list`: `from` and `to` (required, on a quarter hour), repeatable `tool`,
 * `outcome` (`refused`, `refused-<code>`, `failed`, `denied`, `clean`), `configuration` and
 * `status` (exact text), `sort` and `dir` (the page's names; newest first without), and either
 * `offset` and `limit` (1 to {@link RUN_LIST_MAX_LIMIT}) or `format=csv` with `tz`, the zone
 * the file's times are written in. Each may be given once; other parameters are ignored.
 */
export function parseRunListParams(search: URLSearchParams): RunListParams {
  const range = requiredRange(search)
  if (typeof range === 'string') return { ok: false, message: range }
  const off = offGrain(range.from, range.to)
  if (off !== null) return { ok: false, message: off }
  const tools = toolsOf(search)
  if (typeof tools === 'string') return { ok: false, message: tools }
  const once: Record<string, string | undefined> = {}
  for (const name of [
    'outcome',
    'configuration',
    'status',
    'sort',
    'dir',
    'offset',
    'limit',
    'format',
    'tz',
  ]) {
    const value = single(search, name)
    if (value === null) return { ok: false, message: `"${name}" may be given only once.` }
    once[name] = value
  }
  const outcome = once.outcome === undefined ? null : parseOutcome(once.outcome)
  if (once.outcome !== undefined && outcome === null) {
    return {
      ok: false,
      message: '"outcome" must be refused, refused-<code>, failed, denied or clean.',
    }
  }
  const key = once.sort === undefined ? DEFAULT_RUN_SORT.key : runSortKeyOf(once.sort)
  if (key === null) return { ok: false, message: `"sort" does not name a column of the runs list.` }
  if (once.dir !== undefined && once.dir !== 'asc' && once.dir !== 'desc') {
    return { ok: false, message: '"dir" must be asc or desc.' }
  }
  const sort: RunSort =
    once.sort === undefined && once.dir === undefined
      ? DEFAULT_RUN_SORT
      : { key, desc: once.dir === undefined ? !isTextSortKey(key) : once.dir === 'desc' }
  const query: RunListQuery = {
    ...range,
    tools,
    filters: {
      outcome,
      configuration: once.configuration ?? null,
      status: once.status ?? null,
    },
    sort,
  }
  if (once.format === 'csv') {
    const tz = once.tz
    if (tz === undefined || normalizeZone(tz) === null) {
      return { ok: false, message: '"tz" must be given once, as an IANA time zone name.' }
    }
    return { ok: true, ...query, format: 'csv', tz }
  }
  if (once.format !== undefined) return { ok: false, message: '"format" may only be csv.' }
  const offset = once.offset === undefined ? 0 : Number(once.offset)
  if (once.offset !== undefined && (!/^\d{1,9}$/.test(once.offset) || !(offset >= 0))) {
    return { ok: false, message: '"offset" must be a whole number from 0.' }
  }
  const limit = once.limit === undefined ? RUN_LIST_DEFAULT_LIMIT : Number(once.limit)
  if (
    once.limit !== undefined &&
    (!/^\d{1,5}$/.test(once.limit) || limit < 1 || limit > RUN_LIST_MAX_LIMIT)
  ) {
    return { ok: false, message: `"limit" must be an integer from 1 to ${RUN_LIST_MAX_LIMIT}.` }
  }
  return { ok: true, ...query, format: 'json', offset, limit }
}

/**
 * The query string of `GET /run-list` for `query` (what {@link parseRunListParams} reads back):
 * a page from `offset`, or with `csv` the whole list as a file in the zone `csv.tz`.
 */
export function runListSearch(
  query: RunListQuery,
  page: { offset: number; limit: number } | { csv: { tz: string } },
): URLSearchParams {
  const search = new URLSearchParams()
  search.set('from', new Date(query.from).toISOString())
  search.set('to', new Date(query.to).toISOString())
  for (const tool of query.tools) search.append('tool', tool)
  const { outcome, configuration, status } = query.filters
  if (outcome !== null) search.set('outcome', outcomeParam(outcome))
  if (configuration !== null) search.set('configuration', configuration)
  if (status !== null) search.set('status', status)
  search.set('sort', runSortParam(query.sort.key))
  search.set('dir', query.sort.desc ? 'desc' : 'asc')
  if ('csv' in page) {
    search.set('format', 'csv')
    search.set('tz', page.csv.tz)
  } else {
    search.set('offset', String(page.offset))
    search.set('limit', String(page.limit))
  }
  return search
}
