import { memo } from 'react'
import { incidenceOf, watchList, type EffectSummary, type EffectWindows } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { AfterPaint } from '@/components/ui/after-paint'
import { countOf } from '@/components/ui/format-count'
import { ComparisonTable } from './comparison-table'
import type { EffectMeasures } from './effect-answer'
import { ExportComparison } from './export-comparison'
import { formatWhen, num } from './format'
import { IncidencePanel } from './incidence-panel'
import { RecoveryPanel } from './recovery-panel'
import { SavingsPanel } from './savings-panel'
import { WatchListPanel } from './watch-list-panel'

export interface EffectReportProps {
  summary: EffectSummary
  measures: EffectMeasures
  windows: EffectWindows
  filters: Filters
  catalogueLoaded: boolean
}

/**
 * The effect in detail, below the answer and the chart: the per-tool comparison with its export,
 * recovery, savings, incidence and the watch list, all from the one counted summary. Nothing when
 * no call was counted on either side (the answer says so). Memoised: drawn from a deferred state.
 */
export const EffectReport = memo(function EffectReport({
  summary,
  measures,
  windows,
  filters,
  catalogueLoaded,
}: EffectReportProps) {
  const { comparison: c, recovery, complete, unreadable } = measures
  const oneSided = windows.emptySide === 'before' || windows.emptySide === 'after'
  if (complete && !oneSided && c.overall.before.calls + c.overall.after.calls === 0) return null
  const unread = unreadable.before + unreadable.after
  const incomplete = !complete
    ? ` — incomplete: ${num(measures.loadedRuns)} of ${measures.totalRuns === null ? '?' : num(measures.totalRuns)} runs`
    : unread > 0
      ? ` — incomplete: ${countOf(unread, 'tool call', 'tool calls')} could not be read`
      : ''
  const tz = filters.tz
  const range = `${formatWhen(windows.before.startMs, tz)} to ${formatWhen(windows.after.endMs, tz)}`
  return (
    <>
      <section className="below-fold" aria-labelledby="ov-compare">
        <h2 id="ov-compare">Before and after, per tool</h2>
        <ExportComparison
          comparison={c}
          recovery={recovery}
          windows={windows}
          tools={filters.tools}
          tz={tz}
          complete={complete}
        />
        <AfterPaint
          fallback={
            <p className="muted" style={{ minHeight: `${(c.tools.length + 3) * 31}px` }}>
              Drawing the table of {countOf(c.tools.length, 'tool', 'tools')}…
            </p>
          }
        >
          <ComparisonTable
            comparison={c}
            windows={windows}
            filters={filters}
            caption={`Tool calls ${range}, split at the decision date${incomplete}`}
          />
        </AfterPaint>
      </section>
      <div className="ov-panels below-fold">
        <RecoveryPanel recovery={recovery} windows={windows} filters={filters} />
        <SavingsPanel
          saved={summary.after.saved}
          windows={windows}
          filters={filters}
          catalogueLoaded={catalogueLoaded}
        />
        <IncidencePanel incidence={incidenceOf(summary)} />
        <WatchListPanel rows={watchList(c)} windows={windows} filters={filters} />
      </div>
    </>
  )
})
