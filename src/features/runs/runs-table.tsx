import { Link } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useRef, useState, type ReactNode, type Ref } from 'react'
import {
  formatDuration,
  runStatusLabel,
  shortInstant,
  type RunRow,
  type RunSort,
  type RunSortKey,
} from '@/domain/runs'
import { formatCount } from '@/components/ui/format-count'
import type { ListScroll, ReturnTarget } from './run-return'
import { ROW_HEIGHT, returnOffset, useReturnFocus } from './use-return-focus'
import { RUNS_COLUMNS, RunsTableHead, SELECTED_TOOL_CALLS } from './runs-table-head'

export interface RunsTableProps {
  /** The listed rows, already sorted by `sort`. */
  rows: readonly RunRow[]
  sort: RunSort
  onSort: (key: RunSortKey) => void
  /** Show the "Refused: other codes" column (a listed run holds such a call). */
  showOther: boolean
  /** Tools are selected: the counts are of their calls only, and the calls header says so. */
  toolsSelected?: boolean
  caption: string
  /** The zone start times are shown in. */
  zone: string
  /** The search every run link carries: the list's own, so Esc on the run comes back to it. */
  linkSearch: Record<string, string | string[]>
  /**
   * A run whose link gets focus once its row is listed (coming back from that run), scrolled
   * back to where the list was (see `useReturnFocus`). `onFocusRestored` is called once it has
   * focus.
   */
  focusRun?: ReturnTarget | null
  onFocusRestored?: () => void
  /** Called when a run link is followed in this tab, with where the list is scrolled to. */
  onOpenRun?: (uuid: string, scroll: ListScroll) => void
  /**
   * When the rows are one page of a longer list: how many runs come before them, and how many
   * the list holds (for `aria-rowindex` and `aria-rowcount`). By default the rows are the list.
   */
  page?: { offset: number; total: number }
}

const num = formatCount
/** Counts longer than this may not fit their column; they get the full value as a tooltip. */
const FITTING_COUNT = 6

/** A click that follows the link in this tab (not a new tab or window). */
const isPlainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey

function Cell({
  column,
  row,
  zone,
  search,
  linkRef,
  onOpen,
}: {
  column: RunSortKey
  row: RunRow
  zone: string
  search: RunsTableProps['linkSearch']
  linkRef: Ref<HTMLAnchorElement> | undefined
  onOpen: (uuid: string) => void
}) {
  switch (column) {
    case 'startedMs':
      return (
        <th scope="row">
          <Link
            ref={linkRef}
            to="/runs/$uuid"
            params={{ uuid: row.uuid }}
            search={search}
            title={`Run ${row.uuid}`}
            onClick={(e) => {
              if (isPlainClick(e.nativeEvent)) onOpen(row.uuid)
            }}
          >
            <StartedText text={shortInstant(row.startedMs, zone)} fallback={row.uuid} />
          </Link>
        </th>
      )
    case 'configuration':
      return (
        <td>
          <span className="truncate" title={row.configuration}>
            {row.configuration || '–'}
          </span>
        </td>
      )
    case 'status':
      return (
        <td>
          <span className="truncate" title={runStatusLabel(row.status)}>
            {runStatusLabel(row.status)}
          </span>
        </td>
      )
    case 'durationMs': {
      const text = formatDuration(row.durationMs)
      return (
        <td className="num" title={row.durationMs === null ? undefined : text}>
          {text}
        </td>
      )
    }
    default: {
      const text = num(row[column])
      return (
        <td className="num" title={text.length > FITTING_COUNT ? text : undefined}>
          {text}
        </td>
      )
    }
  }
}

/**
 * A start time with its offset in a span of its own: a phone leaves the offset out (the caption
 * names the zone), so the time fits beside the other columns.
 */
function StartedText({ text, fallback }: { text: string; fallback: string }) {
  if (text === '') return <>{fallback}</>
  const cut = text.lastIndexOf(' ')
  if (cut < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, cut)}
      <span className="runs-table__offset">{text.slice(cut)}</span>
    </>
  )
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
  toolsSelected = false,
  caption,
  zone,
  linkSearch,
  focusRun = null,
  onFocusRestored,
  onOpenRun,
  page,
}: RunsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const theadRef = useRef<HTMLTableSectionElement>(null)
  const tbodyRef = useRef<HTMLTableSectionElement>(null)
  const [initialOffset] = useState(() => returnOffset(focusRun, rows))
  const virtualizer = useVirtualizer({
    count: rows.length,
    initialOffset,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()

  const focusTarget = useReturnFocus({
    focusRun,
    rows,
    scrollRef,
    theadRef,
    tbodyRef,
    onFocusRestored,
  })
  const open = useCallback(
    (uuid: string) =>
      onOpenRun?.(uuid, {
        box: scrollRef.current?.scrollTop ?? 0,
        page: document.scrollingElement?.scrollTop ?? 0,
      }),
    [onOpenRun],
  )

  const columns = RUNS_COLUMNS.filter((c) => showOther || c.key !== 'refusedOther').map((c) =>
    toolsSelected && c.key === 'toolCalls' ? SELECTED_TOOL_CALLS : c,
  )
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
      <table
        className={`data-table runs-table${showOther ? ' runs-table--other' : ''}`}
        aria-rowcount={(page ? page.total : rows.length) + 1}
      >
        <caption>{caption}</caption>
        <RunsTableHead ref={theadRef} columns={columns} sort={sort} onSort={onSort} />
        <tbody ref={tbodyRef}>
          {spacer(top, 'top')}
          {items.map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <tr key={row.uuid} aria-rowindex={(page?.offset ?? 0) + item.index + 2}>
                {columns.map(({ key }) => (
                  <Cell
                    key={key}
                    column={key}
                    row={row}
                    zone={zone}
                    search={linkSearch}
                    linkRef={row.uuid === focusRun?.uuid ? focusTarget : undefined}
                    onOpen={open}
                  />
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
