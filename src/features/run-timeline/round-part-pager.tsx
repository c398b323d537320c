import { formatCount } from '@/components/ui/format-count'
import { PagerButtons } from './pager-buttons'

export interface RoundPartPagerProps {
  /** The part shown (0-based) of how many. */
  part: number
  parts: number
  /** Its first and last round, and the run's number of rounds. */
  first: number
  last: number
  rounds: number
  onPart: (part: number) => void
}

/** Which stretch of a very long run's rounds the scroll box holds, and buttons to the others. */
export function RoundPartPager({ part, parts, first, last, rounds, onPart }: RoundPartPagerProps) {
  return (
    <nav className="step-pager" aria-label="Parts of the run's rounds">
      <p className="step-pager__text">
        The box below holds rounds {formatCount(first)} to {formatCount(last)} of{' '}
        {formatCount(rounds)} (part {formatCount(part + 1)} of {formatCount(parts)}).
      </p>
      <PagerButtons
        at={part}
        count={parts}
        onGo={onPart}
        labels={['First rounds', 'Earlier rounds', 'Later rounds', 'Last rounds']}
        texts={['« First', '‹ Earlier', 'Later ›', 'Last »']}
      />
    </nav>
  )
}
