import { memo, useMemo } from 'react'
import type { LoadState } from '@/api'
import type { Tool } from '@/domain/contract'
import {
  comparison as compare,
  incidenceOf,
  recoveryOf,
  watchList,
  type EffectSummary,
  type EffectWindows,
} from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { AfterPaint } from '@/components/ui/after-paint'
import { EmptyState } from '@/components/ui/states'
import { UnreadableNotice } from '@/components/ui/unreadable-notice'
import { ComparisonTable } from './comparison-table'
import { ExportComparison } from './export-comparison'
import { formatWhen, num } from './format'
import { IncidencePanel } from './incidence-panel'
import { KpiCards } from './kpi-cards'
import { RecoveryPanel } from './recovery-panel'
import { SavingsPanel } from './savings-panel'
import { WatchListPanel } from './watch-list-panel'
import { countOf } from '@/components/ui/format-count'

export interface EffectReportProps {
  state: LoadState<EffectSummary>
  windows: EffectWindows
  filters: Filters
  catalogue: readonly Tool[] | null
}

/** Every measure of the effect, derived from the one folded summary; memoised (drawn from a deferred state). */
export const EffectReport = memo(function EffectReport({
  state,
  windows,
  filters,
  catalogue,
}: EffectReportProps) {
  const summary = state.summary
  const c = useMemo(() => compare(summary, catalogue ?? []), [summary, catalogue])
  const recovery = useMemo(() => recoveryOf(summary.after), [summary])
  const complete = state.status === 'done'
  const unreadable = {
    before: summary.before.unreadableToolSteps,
    after: summary.after.unreadableToolSteps,
  }
  const unread = unreadable.before + unreadable.after
  const incomplete = !complete
    ? ` — incomplete: ${num(state.loadedRuns)} of ${state.totalRuns === null ? '?' : num(state.totalRuns)} runs`
    : unread > 0
      ? ` — incomplete: ${countOf(unread, 'tool call', 'tool calls')} could not be read`
      : ''
  const tz = filters.tz
  const range = `${formatWhen(windows.before.startMs, tz)} to ${formatWhen(windows.after.endMs, tz)}`

  const notice = (
    <UnreadableNotice
      count={unread}
      where="in the compared windows"
      detail={`${num(unreadable.before)} before the decision date, ${num(unreadable.after)} after`}
    />
  )

  const oneSided = windows.emptySide === 'before' || windows.emptySide === 'after'
  if (complete && !oneSided && c.overall.before.calls + c.overall.after.calls === 0) {
    return (
      <>
        {notice}
        <EmptyState title="No tool calls around the decision date">
          Tool calls between {range}
          {filters.tools.length > 0 ? ' of the selected tools' : ''} would be compared here, before
          against after. Try all tools or another decision date.
        </EmptyState>
      </>
    )
  }
  return (
    <div className="ov-report">
      {notice}
      {oneSided ? (
        <EmptyState title={`No data ${windows.emptySide} the decision date`}>
          The installation recorded nothing {windows.emptySide} {formatWhen(windows.decisionMs, tz)}
          , so there is nothing to compare against: rates {windows.emptySide} show as “–”. Choose a
          decision day inside the recorded data to compare.
        </EmptyState>
      ) : null}
      <KpiCards comparison={c} recovery={recovery} windows={windows} filters={filters} />
      <section className="below-fold" aria-labelledby="ov-compare">
        <h2 id="ov-compare">Before and after, per tool</h2>
        <ExportComparison
          comparison={c}
          windows={windows}
          tools={filters.tools}
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
          catalogueLoaded={catalogue !== null}
        />
        <IncidencePanel incidence={incidenceOf(summary)} />
        <WatchListPanel rows={watchList(c)} windows={windows} filters={filters} />
      </div>
    </div>
  )
})
