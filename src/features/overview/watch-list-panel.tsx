import { Link } from '@tanstack/react-router'
import { WATCH_MAX_FAILURE_RATE_BEFORE, type EffectWindows, type WatchRow } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { num, pct } from './format'
import { reportOf, runsBehind } from './links'
import { TableScroll } from '@/components/ui/table-scroll'

export interface WatchListPanelProps {
  rows: readonly WatchRow[]
  windows: EffectWindows
  filters: Filters
}

/** Stricter-schema candidates: tools refusing after whose failure rate before was about zero. */
export function WatchListPanel({ rows, windows, filters }: WatchListPanelProps) {
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
                    <Link
                      to="/tools"
                      search={reportOf(filters, windows, 'both', row.tool)}
                      className="truncate"
                      title={row.tool}
                    >
                      {row.tool}
                    </Link>
                  </th>
                  <td className="num">{num(row.before.calls)}</td>
                  <td className="num">{num(row.before.failed)}</td>
                  <td className="num">{num(row.after.calls)}</td>
                  <td className="num">
                    <Link
                      to="/runs"
                      search={runsBehind(filters, windows, 'after', row.tool, 'refused-arguments')}
                    >
                      {num(row.after.refusedArguments)}
                    </Link>
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
