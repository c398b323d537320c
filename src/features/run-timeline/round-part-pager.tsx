import { formatCount } from '@/components/ui/format-count'

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
  const button = (label: string, to: number, text: string) => (
    <button
      type="button"
      aria-label={label}
      disabled={to === part || to < 0 || to >= parts}
      onClick={() => onPart(to)}
    >
      {text}
    </button>
  )
  return (
    <nav className="step-pager" aria-label="Parts of the run's rounds">
      <p className="step-pager__text">
        The box below holds rounds {formatCount(first)} to {formatCount(last)} of{' '}
        {formatCount(rounds)} (part {formatCount(part + 1)} of {formatCount(parts)}).
      </p>
      <span className="step-pager__buttons">
        {button('First rounds', 0, '« First')}
        {button('Earlier rounds', part - 1, '‹ Earlier')}
        {button('Later rounds', part + 1, 'Later ›')}
        {button('Last rounds', parts - 1, 'Last »')}
      </span>
    </nav>
  )
}
