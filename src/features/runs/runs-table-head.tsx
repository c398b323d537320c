import type { Ref } from 'react'
import { isTextSortKey, type RunSort, type RunSortKey } from '@/domain/runs'

export interface RunsColumn {
  key: RunSortKey
  /** The header as shown: short enough to fit its column in at most two lines. */
  label: string
  /**
   * The header's full wording when `label` shortens it: the tooltip, and the accessible name of
   * the cell and its button (a name from content would stop at the short label).
   */
  full?: string
}

/** The runs table's columns, in order. */
export const RUNS_COLUMNS: readonly RunsColumn[] = [
  { key: 'startedMs', label: 'Started' },
  { key: 'configuration', label: 'Configuration' },
  { key: 'status', label: 'Status' },
  { key: 'rounds', label: 'Rounds' },
  { key: 'toolCalls', label: 'Tool calls' },
  { key: 'failed', label: 'Failed' },
  { key: 'denied', label: 'Denied', full: 'Denied by an editor' },
  { key: 'refusedArguments', label: 'Refused: arguments' },
  { key: 'refusedTurn', label: 'Refused: turn' },
  { key: 'refusedOther', label: 'Refused: other', full: 'Refused: other codes' },
  { key: 'durationMs', label: 'Duration' },
]

/**
 * The "Tool calls" column while tools are selected: it counts only their calls, so its header
 * carries a mark the line above the table explains, and says so in its name.
 */
export const SELECTED_TOOL_CALLS: RunsColumn = {
  key: 'toolCalls',
  label: 'Tool calls*',
  full: 'Tool calls of the selected tools only',
}

export interface RunsTableHeadProps {
  columns: readonly RunsColumn[]
  sort: RunSort
  onSort: (key: RunSortKey) => void
  ref?: Ref<HTMLTableSectionElement>
}

/**
 * The sticky header row: a sort button per column (`aria-sort` on the cell). Headers wrap
 * between words; the sort mark stays with the last word so it never sits on a line alone.
 */
export function RunsTableHead({ columns, sort, onSort, ref }: RunsTableHeadProps) {
  return (
    <thead ref={ref}>
      <tr aria-rowindex={1}>
        {columns.map(({ key, label, full }) => {
          const sorted = sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'
          const cut = label.lastIndexOf(' ') + 1
          return (
            <th
              key={key}
              scope="col"
              className={`runs-table__${key}${isTextSortKey(key) || key === 'startedMs' ? '' : ' num'}`}
              aria-sort={sorted}
              aria-label={full}
            >
              <button type="button" onClick={() => onSort(key)} aria-label={full} title={full}>
                {label.slice(0, cut)}
                <span className="runs-table__last-word">
                  {label.slice(cut)}
                  <span aria-hidden="true" className="sort-mark">
                    {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}
                  </span>
                </span>
              </button>
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
