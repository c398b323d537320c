import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type CellContext,
  type Row,
  type SortingState,
} from '@tanstack/react-table'
import { Link } from '@tanstack/react-router'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { checkerSearch, filterSearch, runsSearch, type RunsLinkExtra } from '@/domain/links'
import type { Filters } from '@/domain/filters'
import {
  DEFAULT_TOOL_SORT,
  shownToolSort,
  sortToolRows,
  type CountsRow,
  type ToolRow,
  type ToolSort,
  type ToolSortKey,
} from '@/domain/summary'
import { RateCell } from './rate-cell'
import { allToolsLabel, formatCount } from '@/components/ui/format-count'
import { sameItems, useStable } from '@/components/ui/use-stable'
import { TableScroll } from '@/components/ui/table-scroll'
import { ToolSchemaHint, ToolSchemaLink } from '@/components/ui/tool-schema-link'
import { NotOfferedTag } from '@/components/ui/not-offered-tag'

export interface ToolTableProps {
  rows: ReadonlyArray<ToolRow>
  totals: CountsRow
  /** Refusal codes other than arguments and turn present in the rows: one column each. */
  otherCodes: ReadonlyArray<string>
  caption: string
  writingTools: ReadonlySet<string>
  /** Tools the catalogue lists as not offered by the CMS now (they may have been called). */
  notOffered?: ReadonlySet<string>
  /**
   * The tools the catalogue offers, whose names link to their schema on the checker; null while
   * the catalogue is not known (names stay text).
   */
  catalogued: ReadonlySet<string> | null
  /** The report's filters: every count links to the runs behind it with these. */
  filters: Filters
  /** The rows' order (from the URL); a header click asks for the next one. */
  sort?: ToolSort
  onSortChange?: (next: ToolSort) => void
}

const helper = createColumnHelper<ToolRow>()
const NONE: ReadonlySet<string> = new Set()
const num = formatCount

/** Which calls a count column holds, for a link's name ('failed calls'); null: all calls. */
type CountKind = { words: string; outcome: RunsLinkExtra['outcome'] | null }
const COUNT_KINDS: Record<string, CountKind> = {
  calls: { words: 'calls', outcome: null },
  failed: { words: 'failed calls', outcome: 'failed' },
  denied: { words: 'calls denied by an editor', outcome: 'denied' },
  refusedArguments: { words: 'calls refused for arguments', outcome: 'refused-arguments' },
  refusedTurn: { words: 'calls not run (refused: turn)', outcome: 'refused-turn' },
}
const kindOf = (column: string): CountKind | null =>
  COUNT_KINDS[column] ??
  (column.startsWith('refused:')
    ? {
        words: `calls refused: ${column.slice('refused:'.length)}`,
        outcome: `refused-${column.slice('refused:'.length)}` as const,
      }
    : null)

/**
 * A count as a link to the runs holding those calls (`runsSearch`); zero stays text, since no
 * run is behind it. Codes other than arguments and turn use the same `refused-<code>` outcome.
 */
function CountLink(props: {
  value: number
  column: string
  tool: string | null
  filters: Filters
}) {
  const { value, column, tool, filters } = props
  const kind = kindOf(column)
  if (kind === null || value === 0) return <>{num(value)}</>
  const extra: RunsLinkExtra = kind.outcome === null ? {} : { outcome: kind.outcome }
  const search = runsSearch(filters, tool === null ? undefined : [tool], extra)
  const what = `${num(value)} ${kind.words}${tool === null ? '' : ` of ${tool}`}`
  return (
    <Link
      to="/runs"
      search={search}
      aria-label={`${what}: show the runs`}
      title={`Show the runs holding these ${kind.words}`}
    >
      {num(value)}
    </Link>
  )
}

/**
 * One tool's row. A component of its own, so React can pause between rows when it renders the
 * table in slices (a transition), instead of rendering every cell in one task.
 */
function ToolTableRow({ row }: { row: Row<ToolRow> }) {
  return (
    <tr>
      {row.getVisibleCells().map((cell) =>
        cell.column.id === 'tool' ? (
          <th key={cell.id} scope="row">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </th>
        ) : (
          <td key={cell.id} className="num">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ),
      )}
    </tr>
  )
}

/**
 * The tool table: a real `<table>`, one row per tool, sortable by every column (header buttons,
 * `aria-sort`), a totals row in the footer.
 */
export function ToolTable({
  rows,
  totals,
  otherCodes: codes,
  caption,
  writingTools,
  notOffered = NONE,
  catalogued,
  filters,
  sort,
  onSortChange,
}: ToolTableProps) {
  const hintId = useId()
  // Controlled by the page (the URL) when it says so; else the table keeps its own order.
  const [ownSort, setOwnSort] = useState(DEFAULT_TOOL_SORT)
  const wanted = sort ?? ownSort
  const changeSort = onSortChange ?? setOwnSort
  // Each new summary brings a new list of codes; the columns (and so every cell's renderer) are
  // rebuilt only when the codes differ, else every cell would remount on each loading update.
  const otherCodes = useStable(codes, sameItems)
  const columns = useMemo(() => {
    const count = (info: CellContext<ToolRow, number>) => (
      <CountLink
        value={info.getValue()}
        column={info.column.id}
        tool={info.row.original.tool}
        filters={filters}
      />
    )
    return [
      helper.accessor('tool', {
        header: 'Tool',
        cell: (info) => (
          <span className="tool-name">
            <ToolSchemaLink
              name={info.getValue()}
              search={checkerSearch(filterSearch(filters), info.getValue())}
              inCatalogue={catalogued === null ? null : catalogued.has(info.getValue())}
              hintId={hintId}
            />
            {info.row.original.source === 'mcp' ? <span className="tag">MCP</span> : null}
            {writingTools.has(info.getValue()) ? <span className="tag">writes</span> : null}
            {notOffered.has(info.getValue()) ? <NotOfferedTag /> : null}
          </span>
        ),
        sortingFn: 'text',
      }),
      helper.accessor('calls', { header: 'Calls', cell: count }),
      helper.accessor('succeeded', { header: 'Succeeded', cell: (i) => num(i.getValue()) }),
      helper.accessor('failed', { header: 'Failed', cell: count }),
      helper.accessor('denied', { header: 'Denied', cell: count }),
      helper.accessor('refusedArguments', { header: 'Refused: arguments', cell: count }),
      helper.accessor('refusedTurn', { header: 'Refused: turn', cell: count }),
      ...otherCodes.map((code) =>
        helper.accessor((row) => row.refusedByCode[code] ?? 0, {
          id: `refused:${code}`,
          header: `Refused: ${code}`,
          cell: count,
        }),
      ),
      helper.accessor('failureRate', {
        header: 'Failure rate',
        cell: (i) => (
          <RateCell
            events={i.row.original.failed}
            n={i.row.original.calls}
            smallSample={i.row.original.smallSample}
          />
        ),
      }),
      helper.accessor('refusalRate', {
        header: 'Refusal rate',
        cell: (i) => (
          <RateCell
            events={i.row.original.refused}
            n={i.row.original.calls}
            smallSample={i.row.original.smallSample}
          />
        ),
      }),
    ]
  }, [otherCodes, writingTools, notOffered, catalogued, filters, hintId])
  // A link may name a refusal code this range has no column for: most calls first then.
  const shown = shownToolSort(wanted, otherCodes)
  // The rows in the order on screen, by the rule every export follows too.
  const data = useMemo(() => sortToolRows(rows, shown), [rows, shown])
  const sorting: SortingState = useMemo(
    () => [{ id: shown.key, desc: shown.desc }],
    [shown.key, shown.desc],
  )
  const setSorting = (update: SortingState | ((old: SortingState) => SortingState)) => {
    const next = (typeof update === 'function' ? update(sorting) : update)[0]
    if (next) changeSort({ key: next.id as ToolSortKey, desc: next.desc })
  }
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    // The data comes sorted (`sortToolRows`); the table only shows and changes the order.
    manualSorting: true,
    getCoreRowModel: getCoreRowModel(),
    enableSortingRemoval: false,
  })

  const totalCells: Record<string, ReactNode> = {
    tool: allToolsLabel(rows.length),
    calls: <CountLink value={totals.calls} column="calls" tool={null} filters={filters} />,
    succeeded: num(totals.succeeded),
    failed: <CountLink value={totals.failed} column="failed" tool={null} filters={filters} />,
    denied: <CountLink value={totals.denied} column="denied" tool={null} filters={filters} />,
    refusedArguments: (
      <CountLink
        value={totals.refusedArguments}
        column="refusedArguments"
        tool={null}
        filters={filters}
      />
    ),
    refusedTurn: (
      <CountLink value={totals.refusedTurn} column="refusedTurn" tool={null} filters={filters} />
    ),
    failureRate: (
      <RateCell events={totals.failed} n={totals.calls} smallSample={totals.smallSample} />
    ),
    refusalRate: (
      <RateCell events={totals.refused} n={totals.calls} smallSample={totals.smallSample} />
    ),
  }
  for (const code of otherCodes) {
    totalCells[`refused:${code}`] = (
      <CountLink
        value={totals.refusedByCode[code] ?? 0}
        column={`refused:${code}`}
        tool={null}
        filters={filters}
      />
    )
  }

  return (
    <TableScroll label={caption}>
      <ToolSchemaHint id={hintId} />
      <table className="data-table data-table--names">
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                    }
                    className={header.column.id === 'tool' ? undefined : 'num'}
                  >
                    <button type="button" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true" className="sort-mark">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <ToolTableRow key={row.id} row={row} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            {table.getVisibleLeafColumns().map((column) =>
              column.id === 'tool' ? (
                <th key={column.id} scope="row">
                  {totalCells.tool}
                </th>
              ) : (
                <td key={column.id} className="num">
                  {totalCells[column.id]}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  )
}
