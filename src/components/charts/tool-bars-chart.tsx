import { lazy, memo, Suspense, useId, useMemo, useState } from 'react'
import {
  TOOL_BAR_ORDERS,
  toolBars,
  type ToolBar,
  type ToolBarOrder,
  type ToolRow,
} from '@/domain/summary'
import { countOf, formatCount } from '../ui/format-count'
import { ChartLegend } from './chart-legend'
import type { OutcomeSeriesKey } from './outcome-colors'
import { stackOrder } from './stack-order'
import { useChartWidth } from './use-chart-width'
import './charts.css'

const loadDrawing = () => import('./tool-bars-drawing')
const ToolBarsDrawing = lazy(() => loadDrawing().then((m) => ({ default: m.ToolBarsDrawing })))

/**
 * Starts loading the chart's drawing (and recharts with it) before there is anything to draw:
 * a report calls it while its figures are still being counted, so the chart does not fetch and
 * compile its code after them. A failed load is left to the chart's own load to report.
 */
export function preloadToolBarsChart(): void {
  loadDrawing().catch(() => undefined)
}

export interface ToolBarsChartProps {
  /** Every tool's row (the table's); the chart ranks them and draws the top ones. */
  rows: ReadonlyArray<ToolRow>
  title: string
  /** A click on a segment: the tool and outcome (open the runs behind it). */
  onSegmentClick?: (tool: string, key: OutcomeSeriesKey) => void
}

const ROW = 26
/** Above and below the bars: the count axis. */
const FRAME = 30

const ORDER_NAMES: Record<ToolBarOrder, { button: string; words: string }> = {
  calls: { button: 'Calls', words: 'calls' },
  failed: { button: 'Failures', words: 'failed calls' },
  refused: { button: 'Refusals', words: 'refused calls' },
  refusedArguments: { button: 'Argument refusals', words: 'calls refused for arguments' },
}

/** What the chart leaves out, in words: the tools summed as "other tools", never drawn. */
function otherNote(other: ToolBar, order: ToolBarOrder): string {
  const tools = countOf(other.tools, 'other tool', 'other tools')
  const none =
    order === 'calls' ? '' : ` (the tools with no ${ORDER_NAMES[order].words} among them)`
  const denied = other.denied > 0 ? `${formatCount(other.denied)} denied, ` : ''
  return (
    `Not drawn: ${tools}${none}, together ${formatCount(other.calls)} calls, ` +
    `${formatCount(other.failed)} failed, ${denied}${formatCount(other.refusedArguments)} ` +
    'refused for arguments. Every tool is in the table.'
  )
}

/**
 * Stacked horizontal bars of the 15 tools with most calls, failures, refusals or argument
 * refusals (a choice above the chart), drawn with recharts once near the viewport in the space
 * it keeps. The remaining tools are named in a line below, never drawn to the same scale.
 * Tooltips show a tool's numbers on hover and keyboard focus. Pass memoised `rows`.
 */
export const ToolBarsChart = memo(function ToolBarsChart({
  rows,
  title,
  onSegmentClick,
}: ToolBarsChartProps) {
  const [order, setOrder] = useState<ToolBarOrder>('calls')
  const { bars, other } = useMemo(() => toolBars(rows, order), [rows, order])
  const series = stackOrder(order).filter((s) => bars.some((b) => b[s.key] > 0))
  const height = FRAME + Math.max(1, bars.length) * ROW
  const [ref, width] = useChartWidth<HTMLDivElement>()
  const name = useId()
  const words = ORDER_NAMES[order].words
  const label =
    `Stacked horizontal bars of calls by outcome for the ${countOf(bars.length, 'tool', 'tools')} ` +
    `with most ${words}. Down arrow shows the next tool’s numbers, up arrow the one above; ` +
    'all numbers are in the table.'
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <fieldset className="chart__order">
        <legend>Top tools by</legend>
        {TOOL_BAR_ORDERS.map((o) => (
          <label key={o}>
            <input
              type="radio"
              name={name}
              value={o}
              checked={order === o}
              onChange={() => setOrder(o)}
            />
            {ORDER_NAMES[o].button}
          </label>
        ))}
      </fieldset>
      {bars.length === 0 ? (
        <p className="muted">No tool has {words} in this range.</p>
      ) : (
        <div ref={ref} className="chart__box" style={{ minHeight: height + 32 }}>
          {width === null ? null : (
            <Suspense fallback={null}>
              {/* Remounted per ranking: recharts stacks bars in the order they first registered. */}
              <ToolBarsDrawing
                key={order}
                bars={bars}
                series={series}
                width={width}
                height={height}
                ariaLabel={label}
                onSegmentClick={onSegmentClick}
              />
              <ChartLegend series={series} />
            </Suspense>
          )}
        </div>
      )}
      {other ? <p className="muted chart__note">{otherNote(other, order)}</p> : null}
    </figure>
  )
})
