import { formatCount } from '@/components/ui/format-count'
import type { StepPage } from './step-pages'

export interface StepPagerProps {
  page: StepPage
  round: number
  onPage: (page: number) => void
}

/** A long round's steps a page at a time: which ones are shown, and buttons to the others. */
export function StepPager({ page, round, onPage }: StepPagerProps) {
  const name = round === 0 ? 'the steps outside a round' : `round ${formatCount(round)}`
  const button = (label: string, to: number, text: string) => (
    <button
      type="button"
      aria-label={`${label} of ${name}`}
      disabled={to === page.page || to < 0 || to >= page.pages}
      onClick={() => onPage(to)}
    >
      {text}
    </button>
  )
  return (
    <nav className="step-pager" aria-label={`Pages of steps of ${name}`}>
      <p className="step-pager__text">
        Showing steps {formatCount(page.first)}–{formatCount(page.last)} of{' '}
        {formatCount(page.total)} of this round (page {formatCount(page.page + 1)} of{' '}
        {formatCount(page.pages)}).
      </p>
      <span className="step-pager__buttons">
        {button('First page', 0, '« First')}
        {button('Previous page', page.page - 1, '‹ Previous')}
        {button('Next page', page.page + 1, 'Next ›')}
        {button('Last page', page.pages - 1, 'Last »')}
      </span>
    </nav>
  )
}
