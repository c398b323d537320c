import { Link } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef, type ReactNode } from 'react'
import {
  formatDuration,
  isTextSortKey,
  shortInstant,
  type RunRow,
  type RunSort,
  type RunSortKey,
} from '../../domain/runs'
import { formatCount } from '../../components/ui/format-count'

export interface RunsTableProps {
  /** The listed rows, already sorted by `sort`. */
  rows: readonly RunRow[]
  sort: RunSort
  onSort: (key: RunSortKey) => void
  /** Show the "Refused: other codes" column (a listed run holds such a call). */
  showOther: boolean
  caption: string
  /** The zone start times are shown in. */
  zone: string
  /** The search every run link carries: the list's own, so Esc on the run comes back to it. */
  linkSearch: Record<string, string | string[]>
}

const COLUMNS: ReadonlyArray<{ key: RunSortKey; label: string }> = [
  { key: 'startedMs', label: 'Started' },
  { key: 'configuration', label: 'Configuration' },
  { key: 'status', label: 'Status' },
  { key: 'rounds', label: 'Rounds' },
  { key: 'toolCalls', label: 'Tool calls' },
  { key: 'failed', label: 'Failed' },
  { key: 'refusedArguments', label: 'Refused: arguments' },
  { key: 'refusedTurn', label: 'Refused: turn' },
  { key: 'refusedOther', label: 'Refused: other codes' },
  { key: 'durationMs', label: 'Duration' },
]
const ROW_HEIGHT = 37
const num = formatCount

function Cell({
  column,
  row,
  zone,
  search,
}: {
  column: RunSortKey
  row: RunRow
  zone: string
  search: RunsTableProps['linkSearch']
}) {
  switch (column) {
    case 'startedMs':
      return (
        <th scope="row">
          <Link
            to="/runs/$uuid"
            params={{ uuid: row.uuid }}
            search={search}
            title={`Run ${row.uuid}`}
          >
            {shortInstant(row.startedMs, zone) || row.uuid}
          </Link>
        </th>
      )
    case 'configuration':
    case 'status':
      return (
        <td>
          <span className="truncate" title={row[column]}>
            {row[column] || '–'}
          </span>
        </td>
      )
    case 'durationMs':
      return <td className="num">{formatDuration(row.durationMs)}</td>
    default:
      return <td className="num">{num(row[column])}</td>
  }
}

/**
 * The runs as a real `<table>` whose body is virtualised: only the rows in view (plus a few) are
 * in the DOM, spacer rows keep the scroll height, `aria-rowcount`/`aria-rowindex` tell assistive
 * technology the full size. Header buttons sort by any column (`aria-sort`).
 */
export function RunsTable({
  rows,
  sort,
  onSort,
  showOther,
  caption,
  zone,
  linkSearch,
}: RunsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()
  const columns = COLUMNS.filter((c) => showOther || c.key !== 'refusedOther')
  const top = items[0]?.start ?? 0
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)
  const spacer = (height: number, key: string): ReactNode =>
    height > 0 ? (
      <tr aria-hidden="true" key={key} className="runs-table__spacer">
        <td colSpan={columns.length} style={{ height }} />
      </tr>
    ) : null

  return (
    <div ref={scrollRef} className="runs-table__scroll" role="region" aria-label="Runs list">
      <table className="data-table runs-table" aria-rowcount={rows.length + 1}>
        <caption>{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map(({ key, label }) => {
              const sorted = sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'
              return (
                <th
                  key={key}
                  scope="col"
                  className={`runs-table__${key}${isTextSortKey(key) || key === 'startedMs' ? '' : ' num'}`}
                  aria-sort={sorted}
                >
                  <button type="button" onClick={() => onSort(key)}>
                    {label}
                    <span aria-hidden="true" className="sort-mark">
                      {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}
                    </span>
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {spacer(top, 'top')}
          {items.map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <tr key={row.uuid} aria-rowindex={item.index + 2}>
                {columns.map(({ key }) => (
                  <Cell key={key} column={key} row={row} zone={zone} search={linkSearch} />
                ))}
              </tr>
            )
          })}
          {spacer(bottom, 'bottom')}
        </tbody>
      </table>
    </div>
  )
}
