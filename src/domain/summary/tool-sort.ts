import type { UncheckedSearch } from '../filters/read-param'
import { compareStrings } from './records'
import type { ToolRow } from './tool-rows'
import {
  parseSortParams,
  sortParams,
  type ParsedSort,
  type SortParamSpec,
  type TableSort,
} from '../filters/sort-param'

/** The tool table's columns that are always there (its column ids, also their URL names). */
export const TOOL_SORT_KEYS = [
  'tool',
  'calls',
  'succeeded',
  'failed',
  'denied',
  'refusedArguments',
  'refusedTurn',
  'failureRate',
  'refusalRate',
] as const
/** A column of the tool table: one of the fixed ones, or `refused:<code>` of another code. */
export type ToolSortKey = (typeof TOOL_SORT_KEYS)[number] | `refused:${string}`
export type ToolSort = TableSort<ToolSortKey>

/** The tool report's order when the URL names none: most calls first. */
export const DEFAULT_TOOL_SORT: ToolSort = { key: 'calls', desc: true }

/** A refusal code's column; codes come from the installation, so only their length is bounded. */
const MAX_CODE_LENGTH = 200
const refusedColumn = (param: string): ToolSortKey | null =>
  param.startsWith('refused:') && param.length > 8 && param.length <= 8 + MAX_CODE_LENGTH
    ? (param as ToolSortKey)
    : null

const TOOL_SORT_PARAMS: SortParamSpec<ToolSortKey> = {
  params: Object.fromEntries(TOOL_SORT_KEYS.map((k) => [k, k])) as Record<ToolSortKey, string>,
  fallback: DEFAULT_TOOL_SORT,
  fallbackText: 'most calls first',
  isText: (key) => key === 'tool',
  dynamic: refusedColumn,
}

/**
 * The tool report's `sort` and `dir` params, the runs list's shape: `sort=<column>&dir=asc|desc`.
 * Without them, most calls first; an unknown column falls back to that with a line in
 * `ignored`. A `refused:<code>` column the table does not show is the table's to fall back from.
 */
export const parseToolSort = (raw: UncheckedSearch): ParsedSort<ToolSortKey> =>
  parseSortParams(raw, TOOL_SORT_PARAMS)

/** The URL params of a tool report's order; none for most calls first. */
export const toolSortParams = (sort: ToolSort): { sort?: string; dir?: 'asc' | 'desc' } =>
  sortParams(sort, TOOL_SORT_PARAMS)

/**
 * The order the tool report shows, for a table that has these refusal codes as columns: `sort`,
 * or most calls first when it names a code column the table does not have (a link from another
 * range).
 */
export function shownToolSort(sort: ToolSort, otherCodes: readonly string[]): ToolSort {
  const known =
    (TOOL_SORT_KEYS as readonly string[]).includes(sort.key) ||
    otherCodes.some((code) => `refused:${code}` === sort.key)
  return known ? sort : DEFAULT_TOOL_SORT
}

/** A row's value in a column: a name, a count, or a rate (null without calls). */
function valueOf(row: ToolRow, key: ToolSortKey): string | number | null {
  if (key.startsWith('refused:')) return row.refusedByCode[key.slice('refused:'.length)] ?? 0
  return row[key as (typeof TOOL_SORT_KEYS)[number]]
}

/**
 * The tool report's rows in the order on screen — the table's and every export's. By the column,
 * ascending or descending; a rate is sorted as the rate it is, small samples included (they are
 * marked where they stand); a tool without calls has no rate and comes last either way. Ties:
 * most calls first, then by name.
 */
export function sortToolRows(rows: readonly ToolRow[], sort: ToolSort): ToolRow[] {
  const sign = sort.desc ? -1 : 1
  return [...rows].sort((a, b) => {
    const x = valueOf(a, sort.key)
    const y = valueOf(b, sort.key)
    if (x !== y) {
      if (x === null) return 1
      if (y === null) return -1
      const order =
        typeof x === 'string' || typeof y === 'string'
          ? compareStrings(String(x), String(y))
          : x - y
      if (order !== 0) return sign * order
    }
    return b.calls - a.calls || compareStrings(a.tool, b.tool)
  })
}
