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

/** The name `sort=<name>` gives `key`, and the key a name means (null for none). */
export const runSortParam = (key: RunSortKey): string => RUN_SORT_PARAMS.params[key]
export function runSortKeyOf(name: string): RunSortKey | null {
  return RUN_SORT_KEYS.find((key) => RUN_SORT_PARAMS.params[key] === name) ?? null
}

/** The fields a runs list orders by. */
export type SortableRun = Pick<RunRow, RunSortKey | 'uuid'>

const isMissing = (value: number | null): value is null => value === null || Number.isNaN(value)

/**
 * The runs list's one order, for the browser and the server alike: by `sort` (text in code-unit
 * order; a missing value — an unfinished run's duration, an unparsable start — last in both
 * directions), then newest first, then uuid A→Z, so every two runs are ordered and a page of a
 * sorted list is the same wherever it is cut.
 */
export function compareRunRows(sort: RunSort): (a: SortableRun, b: SortableRun) => number {
  const sign = sort.desc ? -1 : 1
  const { key } = sort
  const byKey =
    key === 'configuration' || key === 'status'
      ? (a: SortableRun, b: SortableRun) => sign * compareStrings(a[key], b[key])
      : (a: SortableRun, b: SortableRun) => compareNumbers(a[key], b[key], sign)
  return (a, b) =>
    byKey(a, b) || compareNumbers(a.startedMs, b.startedMs, -1) || compareStrings(a.uuid, b.uuid)
}

function compareNumbers(x: number | null, y: number | null, sign: number): number {
  const xMissing = isMissing(x)
  const yMissing = isMissing(y)
  if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? 1 : -1
  return sign * (x - y)
}

/** A sorted copy of `rows` by {@link compareRunRows} (the input is not changed). */
export function sortRunRows(rows: readonly RunRow[], sort: RunSort): RunRow[] {
  return [...rows].sort(compareRunRows(sort))
}
