import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
  type Table,
} from '@tanstack/react-table'
import { Link } from '@tanstack/react-router'
import { useMemo, useState, type ReactNode } from 'react'
import { filterSearch, runsSearch } from '@/domain/links'
import type { Filters } from '@/domain/filters'
import type { CatalogueRow } from './catalogue-rows'
import { ParameterList } from './parameter-list'
import { ASSUMED_MEANING, effectNote, effectWords } from './effect-words'
import { NotOfferedTag } from '@/components/ui/not-offered-tag'
import { formatCount } from '@/components/ui/format-count'
import { TableScroll } from '@/components/ui/table-scroll'
import { NameText } from '@/components/ui/name-text'

export interface CatalogueTableProps {
  rows: ReadonlyArray<CatalogueRow>
  filters: Filters
  otherCodes: ReadonlyArray<string>
  caption: string
  /** Why counts are missing: the runs are loading, or the tool is outside the selected tools. */
  uncounted: (row: CatalogueRow) => string
  onInspect: (tool: string) => void
}

const helper = createColumnHelper<CatalogueRow>()

/** What the cells read that changes while the counts load: kept out of the column definitions. */
interface LiveProps {
  filters: Filters
  uncounted: (row: CatalogueRow) => string
  onInspect: (tool: string) => void
}
const live = (table: Table<CatalogueRow>) => table.options.meta as LiveProps
const num = formatCount

/** The catalogue: a real table, sortable by every column by header buttons with aria-sort. */
export function CatalogueTable(props: CatalogueTableProps) {
  const { rows, filters, otherCodes, caption, uncounted, onInspect } = props
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }])
  // The columns change only with the refusal codes: flexRender draws each cell as a component of
  // its column's function, so a new function would remount every cell (a button being clicked or
  // holding focus included) on each loaded page. Values that change are read from `meta`.
  const columns = useMemo(() => {
    const count = (
      id: string,
      header: string,
      read: (row: CatalogueRow) => number | undefined,
      link?: (name: string, value: number, filters: Filters) => ReactNode,
    ) =>
      helper.accessor((row) => read(row), {
        id,
        header,
        sortUndefined: 'last',
        cell: (info) => {
          const value = info.getValue()
          const { uncounted, filters } = live(info.table)
          return value === undefined ? (
            <span className="muted" title={uncounted(info.row.original)}>
              –<span className="visually-hidden"> {uncounted(info.row.original)}</span>
            </span>
          ) : link && value > 0 ? (
            link(info.row.original.tool.name, value, filters)
          ) : (
            num(value)
          )
        },
      })
    // Every refusal count opens the runs holding those calls, as the tool report's counts do.
    const refusedLink = (code: string, words: string) => {
      const RefusedLink = (name: string, value: number, filters: Filters) => (
        <Link
          to="/runs"
          search={runsSearch(filters, [name], { outcome: `refused-${code}` })}
          title={`Runs with calls of ${name} ${words}`}
        >
          {num(value)}
          <span className="visually-hidden">
            , runs of {name} with calls {words}
          </span>
        </Link>
      )
      return RefusedLink
    }
    return [
      helper.accessor((row) => row.tool.name, {
        id: 'name',
        header: 'Tool',
        sortingFn: 'text',
        cell: (info) => (
          <span className="tool-name">
            <span className="truncate" title={info.getValue()}>
              <NameText name={info.getValue()} />
            </span>
            {info.row.original.tool.offered === false ? <NotOfferedTag /> : null}
          </span>
        ),
      }),
      helper.accessor((row) => `${row.tool.source} ${row.tool.server ?? ''} ${row.tool.group}`, {
        id: 'source',
        header: 'Source and group',
        cell: (info) => {
          const { source, server, group } = info.row.original.tool
          const from = source === 'mcp' ? `MCP server ${server ?? '(none named)'}` : 'built-in'
          return (
            <span className="checker-stack">
              <span className="truncate" title={from}>
                {from}
              </span>
              <span className="truncate muted" title={`group ${group}`}>
                {group}
              </span>
            </span>
          )
        },
      }),
      helper.accessor(
        (row) =>
          `${row.tool.effect} ${effectNote(row.tool) ?? ''} ${row.tool.approval ? 1 : 0}${row.tool.input ? 1 : 0}`,
        {
          id: 'effect',
          header: 'Effect',
          cell: (info) => {
            const tool = info.row.original.tool
            const { effect, approval, input } = tool
            // The server's hints are a third party's claim: shown as words chosen here, never
            // as its text.
            const note = effectNote(tool)
            return (
              <span className="checker-stack">
                <span>{effectWords(effect)}</span>
                {note !== null ? (
                  <span
                    className="muted effect-note"
                    title={tool.effectAssumed === true ? ASSUMED_MEANING : undefined}
                  >
                    {note}
                  </span>
                ) : null}
                {approval ? <span className="tag">approval-bound</span> : null}
                {input ? <span className="tag">input-bound</span> : null}
              </span>
            )
          },
        },
      ),
      helper.accessor((row) => row.parameters.length, {
        id: 'parameters',
        header: 'Parameters',
        cell: (info) => <ParameterList row={info.row.original} />,
      }),
      count(
        'calls',
        'Calls',
        (row) => row.counts?.calls,
        (name, value, filters) => (
          <Link to="/tools" search={filterSearch(filters, [name])} title={`Tool report of ${name}`}>
            {num(value)}
            <span className="visually-hidden">, tool report of {name}</span>
          </Link>
        ),
      ),
      count(
        'refusedArguments',
        'Refused: arguments',
        (row) => row.counts?.refusedArguments,
        refusedLink('arguments', 'refused for arguments'),
      ),
      count(
        'refusedTurn',
        'Refused: turn',
        (row) => row.counts?.refusedTurn,
        refusedLink('turn', 'not run (refused: turn)'),
      ),
      ...otherCodes.map((code) =>
        count(
          `refused:${code}`,
          `Refused: ${code}`,
          (row) => (row.counts ? (row.counts.refusedByCode[code] ?? 0) : undefined),
          refusedLink(code, `refused: ${code}`),
        ),
      ),
      helper.display({
        id: 'open',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => {
          const name = info.row.original.tool.name
          const { onInspect } = live(info.table)
          return (
            <span className="checker-actions">
              <button type="button" onClick={() => onInspect(name)} aria-label={`Check ${name}`}>
                Check
              </button>
            </span>
          )
        },
      }),
    ]
  }, [otherCodes])

  const data = useMemo(() => [...rows], [rows])
  const table = useReactTable({
    data,
    columns,
    meta: { filters, uncounted, onInspect } satisfies LiveProps,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableSortingRemoval: false,
  })

  return (
    <TableScroll label={caption}>
      <table className="data-table data-table--names checker-table">
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const numeric =
                  header.column.id.startsWith('refused') || header.column.id === 'calls'
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      !header.column.getCanSort()
                        ? undefined
                        : sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : 'none'
                    }
                    className={numeric ? 'num' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
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
                cell.column.id === 'name' ? (
                  <th key={cell.id} scope="row">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td
                    key={cell.id}
                    className={
                      cell.column.id.startsWith('refused') || cell.column.id === 'calls'
                        ? 'num'
                        : undefined
                    }
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
