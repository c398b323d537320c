import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useCatalogueNames } from '@/api'
import { WATCH_MAX_FAILURE_RATE_BEFORE, type EffectWindows, type WatchRow } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { checkerSearch, filterSearch } from '@/domain/links'
import { num, pct } from './format'
import { reportOf, runsBehind } from './links'
import { TableScroll } from '@/components/ui/table-scroll'
import { ToolSchemaHint, ToolSchemaLink } from '@/components/ui/tool-schema-link'

export interface WatchListPanelProps {
  rows: readonly WatchRow[]
  windows: EffectWindows
  filters: Filters
}

/**
 * Stricter-schema candidates: tools refusing after whose failure rate before was about zero. A
 * name opens the tool's schema on the checker (what the row asks to look at); its calls open the
 * tool report of that side, its refusals the runs behind them.
 */
export function WatchListPanel({ rows, windows, filters }: WatchListPanelProps) {
  const catalogued = useCatalogueNames()
  const hintId = useId()
  const report = (row: WatchRow, side: 'before' | 'after') => {
    const calls = row[side].calls
    if (calls === 0) return num(calls)
    return (
      <Link
        to="/tools"
        search={reportOf(filters, windows, side, row.tool)}
        aria-label={`${num(calls)} calls of ${row.tool} ${side} the decision: tool report`}
        title={`The tool report of ${side === 'before' ? 'the window before' : 'the window after'} the decision`}
      >
        {num(calls)}
      </Link>
    )
  }
  return (
    <section className="ov-panel ov-panel--wide" aria-labelledby="ov-watch">
      <h2 id="ov-watch">Stricter-schema watch</h2>
      <p className="muted">
        Tools refused for their arguments after the decision whose failure rate before was at most{' '}
        {pct(WATCH_MAX_FAILURE_RATE_BEFORE)}: their declared schema may be stricter than their code
        (a cost ADR 246 names among its consequences, marked ◑ there).
      </p>
      {rows.length === 0 ? (
        <p>
          No tool fits: every tool refused after the decision also failed before, or none refused.
        </p>
      ) : (
        <TableScroll label="Stricter-schema candidates" className="ov-wrap">
          <ToolSchemaHint id={hintId} />
          <table className="data-table data-table--names">
            <caption className="visually-hidden">Stricter-schema candidates</caption>
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col" className="num">
                  Calls before
                </th>
                <th scope="col" className="num">
                  Failed before
                </th>
                <th scope="col" className="num">
                  Calls after
                </th>
                <th scope="col" className="num">
                  Refused after: arguments
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.tool}>
                  <th scope="row">
                    <span className="tool-name">
                      <ToolSchemaLink
                        name={row.tool}
                        search={checkerSearch(filterSearch(filters), row.tool)}
                        inCatalogue={catalogued === null ? null : catalogued.has(row.tool)}
                        hintId={hintId}
                      />
                    </span>
                  </th>
                  <td className="num">{report(row, 'before')}</td>
                  <td className="num">{num(row.before.failed)}</td>
                  <td className="num">{report(row, 'after')}</td>
                  <td className="num">
                    {row.after.refusedArguments === 0 ? (
                      num(0)
                    ) : (
                      <Link
                        to="/runs"
                        search={runsBehind(
                          filters,
                          windows,
                          'after',
                          row.tool,
                          'refused-arguments',
                        )}
                      >
                        {num(row.after.refusedArguments)}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  )
}
