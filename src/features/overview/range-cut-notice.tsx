import type { RangedWindows } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { formatDay } from '@/domain/time'
import { days, formatWhen } from './format'

export interface RangeCutNoticeProps {
  ranged: RangedWindows
  filters: Filters
  /** Sets the date range to the days holding the windows whole; absent where it cannot. */
  onWiden?: () => void
}

/**
 * Says, next to the decision controls, that the date range holds less than the windows asked
 * for — and what that does to the cards and the table — with one button to the days that hold
 * them whole.
 */
export function RangeCutNotice({ ranged, filters, onWiden }: RangeCutNoticeProps) {
  const { counted, requested, fullRange } = ranged
  const range = `${formatDay(filters.from)} to ${formatDay(filters.to)}`
  const decision = formatWhen(counted.decisionMs, filters.tz)
  const emptied = ranged.emptiedByRange
  const side =
    counted.emptySide === 'both' ? 'before or after' : (counted.emptySide ?? 'before or after')
  return (
    <div className="state state--partial ov-range-cut" role="status">
      <strong>
        {emptied
          ? `The date range (${range}) holds no days ${side} the decision date`
          : `The date range (${range}) cuts the compared windows to ${days(counted.lengthMs)}`}
      </strong>
      <span>
        {emptied
          ? `The cards and the table compare days before ${decision} with days after it, so there is nothing to compare in this range; the chart still shows it.`
          : `The cards and the table count ${days(counted.lengthMs)} on each side instead of ${days(requested.lengthMs)}.`}
      </span>
      {onWiden && fullRange ? (
        <button type="button" onClick={onWiden}>
          Show {formatDay(fullRange.from)} to {formatDay(fullRange.to)} ({days(requested.lengthMs)}{' '}
          each side)
        </button>
      ) : null}
    </div>
  )
}
