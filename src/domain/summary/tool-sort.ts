import type { UncheckedSearch } from '../filters/read-param'
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
