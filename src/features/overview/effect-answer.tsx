import { memo, type ReactNode } from 'react'
import type { Comparison, EffectWindows, RecoveryMeasures } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { EmptyState } from '@/components/ui/states'
import { UnreadableNotice } from '@/components/ui/unreadable-notice'
import { formatWhen, num } from './format'
import { KpiCards } from './kpi-cards'
import { verdictText } from './verdict'

/** The counted measures of both windows, and how far their count has come. */
export interface EffectMeasures {
  comparison: Comparison
  recovery: RecoveryMeasures
  complete: boolean
  loadedRuns: number
  totalRuns: number | null
  unreadable: { before: number; after: number }
}

export interface EffectAnswerProps {
  /** Null until the first page of runs is counted: the cards hold their place, pending. */
  measures: EffectMeasures | null
  windows: EffectWindows
  filters: Filters
  /** The load banner of both windows, under the cards (its slot keeps its height when done). */
  banner: ReactNode
}

/**
 * The page's answer, first on the page: the verdict in one sentence and the four headline cards,
 * pending ("so far") until every run is counted; an empty state where nothing can be compared.
 */
export const EffectAnswer = memo(function EffectAnswer({
  measures,
  windows,
  filters,
  banner,
}: EffectAnswerProps) {
  const tz = filters.tz
  const range = `${formatWhen(windows.before.startMs, tz)} to ${formatWhen(windows.after.endMs, tz)}`
  const pending = measures === null || !measures.complete
  const oneSided = windows.emptySide === 'before' || windows.emptySide === 'after'
  const none =
    measures !== null &&
    measures.complete &&
    !oneSided &&
    measures.comparison.overall.before.calls + measures.comparison.overall.after.calls === 0
  const unread = measures ? measures.unreadable.before + measures.unreadable.after : 0
  return (
    <section className="ov-answer" aria-labelledby="ov-answer-title" aria-busy={pending}>
      <h2 id="ov-answer-title" className="visually-hidden">
        The effect in short
      </h2>
      <p className={pending ? 'ov-verdict is-pending' : 'ov-verdict'}>
        {measures === null
          ? 'Counting the tool calls of both windows…'
          : verdictText({
              comparison: measures.comparison,
              recovery: measures.recovery,
              partial: measures.complete
                ? null
                : { loaded: measures.loadedRuns, total: measures.totalRuns },
              selectedTools: filters.tools.length,
            })}
      </p>
      {measures ? (
        <UnreadableNotice
          count={unread}
          where="in the compared windows"
          detail={`${num(measures.unreadable.before)} before the decision date, ${num(measures.unreadable.after)} after`}
        />
      ) : null}
      {oneSided ? (
        <EmptyState title={`No data ${windows.emptySide} the decision date`}>
          The installation recorded nothing {windows.emptySide} {formatWhen(windows.decisionMs, tz)}
          , so there is nothing to compare against: rates {windows.emptySide} show as “–”. Choose a
          decision day inside the recorded data to compare.
        </EmptyState>
      ) : null}
      {none ? (
        <EmptyState title="No tool calls around the decision date">
          Tool calls between {range}
          {filters.tools.length > 0 ? ' of the selected tools' : ''} would be compared here, before
          against after. Try all tools or another decision date.
        </EmptyState>
      ) : (
        <KpiCards
          comparison={measures?.comparison ?? null}
          recovery={measures?.recovery ?? null}
          windows={windows}
          filters={filters}
          partial={measures !== null && !measures.complete}
        />
      )}
      {banner}
    </section>
  )
})
