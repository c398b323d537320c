import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table'
import { useMemo, useState, type ReactNode } from 'react'
import type { CountsRow, ToolRow } from '../../domain/summary'
import { RateCell } from './rate-cell'

export interface ToolTableProps {
  rows: ReadonlyArray<ToolRow>
  totals: CountsRow
  /** Refusal codes other than arguments and turn present in the rows: one column each. */
  otherCodes: ReadonlyArray<string>
  caption: string
  writingTools: ReadonlySet<string>
}

const helper = createColumnHelper<ToolRow>()
const num = (n: number) => n.toLocaleString('en-US')

/** Rates of small samples sort last in both directions: they are not ranked as reliable. */
const reliableRate = (rate: number | null, small: boolean) =>
  small || rate === null ? undefined : rate

/**
 * The tool table: a real `<table>`, one row per tool, sortable by every column (header buttons,
 * `aria-sort`), a totals row in the footer.
 */
export function ToolTable({ rows, totals, otherCodes, caption, writingTools }: ToolTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'calls', desc: true }])
  const columns = useMemo(
    () => [
      helper.accessor('tool', {
        header: 'Tool',
        cell: (info) => (
          <span className="tool-name">
            <span className="truncate" title={info.getValue()}>
              {info.getValue()}
            </span>
            {info.row.original.source === 'mcp' ? <span className="tag">MCP</span> : null}
            {writingTools.has(info.getValue()) ? <span className="tag">writes</span> : null}
          </span>
        ),
        sortingFn: 'text',
      }),
      helper.accessor('calls', { header: 'Calls', cell: (i) => num(i.getValue()) }),
      helper.accessor('succeeded', { header: 'Succeeded', cell: (i) => num(i.getValue()) }),
      helper.accessor('failed', { header: 'Failed', cell: (i) => num(i.getValue()) }),
      helper.accessor('refusedArguments', {
        header: 'Refused: arguments',
        cell: (i) => num(i.getValue()),
      }),
      helper.accessor('refusedTurn', { header: 'Refused: turn', cell: (i) => num(i.getValue()) }),
      ...otherCodes.map((code) =>
        helper.accessor((row) => row.refusedByCode[code] ?? 0, {
          id: `refused:${code}`,
          header: `Refused: ${code}`,
          cell: (i) => num(i.getValue()),
        }),
      ),
      helper.accessor((row) => reliableRate(row.failureRate, row.smallSample), {
        id: 'failureRate',
        header: 'Failure rate',
        sortUndefined: 'last',
        cell: (i) => (
          <RateCell
            events={i.row.original.failed}
            n={i.row.original.calls}
            smallSample={i.row.original.smallSample}
          />
        ),
      }),
      helper.accessor((row) => reliableRate(row.refusalRate, row.smallSample), {
        id: 'refusalRate',
        header: 'Refusal rate',
        sortUndefined: 'last',
        cell: (i) => (
          <RateCell
            events={i.row.original.refused}
            n={i.row.original.calls}
            smallSample={i.row.original.smallSample}
          />
        ),
      }),
    ],
    [otherCodes, writingTools],
  )
  const data = useMemo(() => [...rows], [rows])
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableSortingRemoval: false,
  })

  const totalCells: Record<string, ReactNode> = {
    tool: `All ${rows.length} tools`,
    calls: num(totals.calls),
    succeeded: num(totals.succeeded),
    failed: num(totals.failed),
    refusedArguments: num(totals.refusedArguments),
    refusedTurn: num(totals.refusedTurn),
    failureRate: (
      <RateCell events={totals.failed} n={totals.calls} smallSample={totals.smallSample} />
    ),
    refusalRate: (
      <RateCell events={totals.refused} n={totals.calls} smallSample={totals.smallSample} />
    ),
  }
  for (const code of otherCodes)
    totalCells[`refused:${code}`] = num(totals.refusedByCode[code] ?? 0)

  return (
    <div className="table-wrap">
      <table className="data-table">
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
            <tr key={row.id}>
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
    </div>
  )
}
