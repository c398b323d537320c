import { formatCount } from '@/components/ui/format-count'
import { PagerButtons } from './pager-buttons'
import type { StepPage } from './step-pages'

export interface StepPagerProps {
  page: StepPage
  round: number
  onPage: (page: number) => void
}

/** A long round's steps a page at a time: which ones are shown, and buttons to the others. */
export function StepPager({ page, round, onPage }: StepPagerProps) {
  const name = round === 0 ? 'the steps outside a round' : `round ${formatCount(round)}`
  return (
    <nav className="step-pager" aria-label={`Pages of steps of ${name}`}>
      <p className="step-pager__text">
        Showing steps {formatCount(page.first)}–{formatCount(page.last)} of{' '}
        {formatCount(page.total)} of this round (page {formatCount(page.page + 1)} of{' '}
        {formatCount(page.pages)}).
      </p>
      <PagerButtons
        at={page.page}
        count={page.pages}
        onGo={onPage}
        labels={[
          `First page of ${name}`,
          `Previous page of ${name}`,
          `Next page of ${name}`,
          `Last page of ${name}`,
        ]}
        texts={['« First', '‹ Previous', 'Next ›', 'Last »']}
      />
    </nav>
  )
}
