import { useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import type { Comparison, ComparisonRow, EffectWindows } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { num, points } from './format'
import { reportOfSide, runsOfSide, sideLink } from './links'
import { Rate } from './rate'
import { TableScroll } from '@/components/ui/table-scroll'
import { allToolsLabel } from '@/components/ui/format-count'
import { NameText } from '@/components/ui/name-text'

export interface ComparisonTableProps {
  comparison: Comparison
  windows: EffectWindows
  filters: Filters
  caption: string
}

/** Before and after per tool, the all-tools row first; marked rows changed beyond the intervals. */
export function ComparisonTable({ comparison, windows, filters, caption }: ComparisonTableProps) {
  const codes = comparison.codes
  // Each side's days once for the table, not twice for each of its links.
  const sides = useMemo(
    () => ({
      before: sideLink(filters, windows, 'before'),
      after: sideLink(filters, windows, 'after'),
      both: sideLink(filters, windows, 'both'),
    }),
    [filters, windows],
  )
  const row = (r: ComparisonRow) => {
    const all = comparison.tools.length
    const name = r.tool ?? allToolsLabel(all)
    const runs = (
      side: 'before' | 'after',
      outcome?: 'failed' | 'denied' | 'refused-arguments' | 'refused-turn',
    ) => {
      const count =
        outcome === 'failed'
          ? r[side].failed
          : outcome === 'denied'
            ? r[side].denied
            : outcome === 'refused-arguments'
              ? r[side].refusedArguments
              : outcome === 'refused-turn'
                ? r[side].refusedTurn
                : r[side].calls
      const what =
        outcome === 'failed'
          ? 'failed calls'
          : outcome === 'denied'
            ? 'calls denied by an editor'
            : outcome === 'refused-arguments'
              ? 'calls refused for arguments'
              : outcome === 'refused-turn'
                ? 'calls not run (refused: turn)'
                : 'calls'
      // No run is behind a count of none: it stays text.
      if (count === 0) return num(count)
      // The bare number is all a sighted reader needs in its column; a screen reader hears
      // which count of which tool and side it opens.
      return (
        <Link
          to="/runs"
          search={runsOfSide(sides[side], r.tool, outcome)}
          aria-label={`${num(count)} ${what} ${side} the decision, ${r.tool ?? 'all tools'}: show the runs`}
        >
          {num(count)}
        </Link>
      )
    }
    return (
      <tr key={r.tool ?? '(all)'} className={r.tool === null ? 'ov-all' : undefined}>
        <th scope="row">
          <span className="tool-name">
            <Link
              to="/tools"
              search={reportOfSide(sides.both, r.tool)}
              className="truncate"
              title={name}
            >
              <NameText name={name} />
            </Link>
            {r.source === 'mcp' ? <span className="tag">MCP</span> : null}
            {r.failure.beyondIntervals ? (
              <span
                className="tag ov-mark"
                title="The failure rate's 95 % intervals before and after do not overlap"
              >
                failure rate changed beyond the intervals
              </span>
            ) : null}
          </span>
        </th>
        <td className="num">{runs('before')}</td>
        <td className="num">{runs('after')}</td>
        <td className="num">
          {runs('before', 'failed')} <Rate stat={r.failure.before} />
        </td>
        <td className="num">
          {runs('after', 'failed')} <Rate stat={r.failure.after} />
        </td>
        <td className="num">{points(r.failure.change)}</td>
        <td className="num ov-pair">
          {runs('before', 'denied')}
          <span aria-hidden="true"> → </span>
          {runs('after', 'denied')}
        </td>
        <td className="num">
          <Rate stat={r.refusal.before} />
        </td>
        <td className="num">
          <Rate stat={r.refusal.after} />
        </td>
        {codes.map((code) => (
          <td key={code} className="num">
            {code === 'arguments' ? runs('after', 'refused-arguments') : null}
            {code === 'turn' ? runs('after', 'refused-turn') : null}{' '}
            <Rate
              stat={r.refusalByCode[code]?.after ?? { events: 0, n: 0, rate: null, interval: null }}
            />
          </td>
        ))}
        <td className="num">{points(r.refusal.change)}</td>
      </tr>
    )
  }
  return (
    <TableScroll label={caption} className="ov-wrap">
      <table className="data-table data-table--names ov-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col" className="num">
              Calls before
            </th>
            <th scope="col" className="num">
              Calls after
            </th>
            <th scope="col" className="num">
              Failed before
            </th>
            <th scope="col" className="num">
              Failed after
            </th>
            <th scope="col" className="num">
              Failure rate change
            </th>
            <th
              scope="col"
              className="num"
              title="Calls an editor denied (they never ran): before → after the decision"
            >
              Denied before → after
            </th>
            <th scope="col" className="num">
              Refusal rate before
            </th>
            <th scope="col" className="num">
              Refusal rate after
            </th>
            {codes.map((code) => (
              <th key={code} scope="col" className="num">
                Refused after: {code}
              </th>
            ))}
            <th scope="col" className="num">
              Refusal rate change
            </th>
          </tr>
        </thead>
        <tbody>
          {row(comparison.overall)}
          {comparison.tools.map(row)}
        </tbody>
      </table>
    </TableScroll>
  )
}
