import type { UncheckedSearch } from '../filters/read-param'
import {
  parseSortParams,
  sortParams,
  type ParsedSort,
  type SortParamSpec,
  type TableSort,
} from '../filters/sort-param'
import { compareStrings } from '../summary/records'
import type { RunRow } from './run-row'

/** The columns the runs list sorts by. */
export const RUN_SORT_KEYS = [
  'startedMs',
  'configuration',
  'status',
  'rounds',
  'toolCalls',
  'failed',
  'denied',
  'refusedArguments',
  'refusedTurn',
  'refusedOther',
  'durationMs',
] as const
export type RunSortKey = (typeof RUN_SORT_KEYS)[number]

export type RunSort = TableSort<RunSortKey>

/** The list's order when the URL names none: newest first. */
export const DEFAULT_RUN_SORT: RunSort = { key: 'startedMs', desc: true }

/** Text columns sort A→Z first; numbers and times largest first. */
export const isTextSortKey = (key: RunSortKey): boolean =>
  key === 'configuration' || key === 'status'

/** The next sort after a click on `key`: the other direction of the same key, else its first. */
export function toggleSort(current: RunSort, key: RunSortKey): RunSort {
  return current.key === key ? { key, desc: !current.desc } : { key, desc: !isTextSortKey(key) }
}

/** The URL name of each sort key (`sort=toolCalls`); the `Ms` of the two times is left out. */
const RUN_SORT_PARAMS: SortParamSpec<RunSortKey> = {
  params: {
    startedMs: 'started',
    configuration: 'configuration',
    status: 'status',
    rounds: 'rounds',
    toolCalls: 'toolCalls',
    failed: 'failed',
    denied: 'denied',
    refusedArguments: 'refusedArguments',
    refusedTurn: 'refusedTurn',
    refusedOther: 'refusedOther',
    durationMs: 'duration',
  },
  fallback: DEFAULT_RUN_SORT,
  fallbackText: 'newest first',
  isText: isTextSortKey,
}

export type ParsedRunSort = ParsedSort<RunSortKey>

/** The runs list's `sort` and `dir` params ({@link parseSortParams}; newest first without). */
export const parseRunSort = (raw: UncheckedSearch): ParsedRunSort =>
  parseSortParams(raw, RUN_SORT_PARAMS)

/** The URL params of a runs list's order; none for newest first. */
export const runSortParams = (sort: RunSort): { sort?: string; dir?: 'asc' | 'desc' } =>
  sortParams(sort, RUN_SORT_PARAMS)

/**
 * A sorted copy of `rows` (the input is not changed). Text in code-unit order; a missing value
 * (an unfinished run's duration, an unparsable start) sorts last in both directions; ties keep
 * their input order (the API's: newest first, then uuid). No rows give an empty array.
 */
export function sortRunRows(rows: readonly RunRow[], sort: RunSort): RunRow[] {
  const sign = sort.desc ? -1 : 1
  const copy = [...rows]
  const { key } = sort
  if (key === 'configuration' || key === 'status') {
    return copy.sort((a, b) => sign * compareStrings(a[key], b[key]))
  }
  return copy.sort((a, b) => {
    const x = a[key]
    const y = b[key]
    const xMissing = x === null || Number.isNaN(x)
    const yMissing = y === null || Number.isNaN(y)
    if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? 1 : -1
    return sign * (x - y)
  })
}
