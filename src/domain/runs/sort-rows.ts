import { describeValue } from '../filters/describe-value'
import { readSingle, type UncheckedSearch } from '../filters/read-param'
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
  'refusedArguments',
  'refusedTurn',
  'refusedOther',
  'durationMs',
] as const
export type RunSortKey = (typeof RUN_SORT_KEYS)[number]

export interface RunSort {
  key: RunSortKey
  desc: boolean
}

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
const SORT_PARAM: Record<RunSortKey, string> = {
  startedMs: 'started',
  configuration: 'configuration',
  status: 'status',
  rounds: 'rounds',
  toolCalls: 'toolCalls',
  failed: 'failed',
  refusedArguments: 'refusedArguments',
  refusedTurn: 'refusedTurn',
  refusedOther: 'refusedOther',
  durationMs: 'duration',
}
const KEY_OF_PARAM = new Map(RUN_SORT_KEYS.map((key) => [SORT_PARAM[key], key]))

export interface ParsedRunSort {
  sort: RunSort
  /** One plain-English line per parameter that was ignored. */
  ignored: string[]
}

/**
 * The `sort` and `dir` params of a URL. Never throws: no `sort` means Started; no `dir` means
 * the column's first direction (as a click gives); an unknown `sort` falls back to the default
 * order (its `dir` with it) and an unknown `dir` to the column's first direction, each with a
 * line in `ignored`; a repeated one keeps its first value.
 */
export function parseRunSort(raw: UncheckedSearch): ParsedRunSort {
  const ignored: string[] = []
  const rawKey = readSingle(raw, 'sort', ignored)
  const rawDir = readSingle(raw, 'dir', ignored)
  let key: RunSortKey = DEFAULT_RUN_SORT.key
  if (rawKey !== undefined) {
    const known = typeof rawKey === 'string' ? KEY_OF_PARAM.get(rawKey) : undefined
    if (known === undefined) {
      ignored.push(
        `Ignored sort=${describeValue(rawKey)}${rawDir === undefined ? '' : ` and dir=${describeValue(rawDir)}`}: not one of ${[...KEY_OF_PARAM.keys()].join(', ')}; newest first instead`,
      )
      return { sort: DEFAULT_RUN_SORT, ignored }
    }
    key = known
  }
  if (rawDir === 'asc' || rawDir === 'desc') {
    return { sort: { key, desc: rawDir === 'desc' }, ignored }
  }
  if (rawDir !== undefined) ignored.push(`Ignored dir=${describeValue(rawDir)}: not asc or desc`)
  return { sort: { key, desc: !isTextSortKey(key) }, ignored }
}

/**
 * The URL params of a sort: none for the default order (so plain links stay short), else
 * `sort` and `dir` both, which `parseRunSort` reads back to the same sort.
 */
export function runSortParams(sort: RunSort): { sort?: string; dir?: 'asc' | 'desc' } {
  if (sort.key === DEFAULT_RUN_SORT.key && sort.desc === DEFAULT_RUN_SORT.desc) return {}
  return { sort: SORT_PARAM[sort.key], dir: sort.desc ? 'desc' : 'asc' }
}

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
