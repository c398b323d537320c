import { useLayoutEffect, useRef } from 'react'
import { formatCount } from '@/components/ui/format-count'

export interface RunsPagerProps {
  /** The page the buttons move from (1-based): the one asked for, even while it loads. */
  page: number
  /** How many pages the list has (at least 1). */
  pages: number
  onPage: (page: number) => void
}

type Step = 'first' | 'previous' | 'next' | 'last'

const num = formatCount

/**
 * First / Previous / Next / Last for a list shown a page at a time, disabled at its ends. A
 * button that a click disables (Next onto the last page) would drop the focus to the page's
 * start; the focus moves to the nearest button that still goes somewhere instead.
 */
export function RunsPager({ page, pages, onPage }: RunsPagerProps) {
  const buttons = useRef<Partial<Record<Step, HTMLButtonElement | null>>>({})
  const clicked = useRef<Step | null>(null)
  const at = Math.max(1, Math.min(page, pages))
  const atStart = at <= 1
  const atEnd = at >= pages

  useLayoutEffect(() => {
    const step = clicked.current
    clicked.current = null
    if (step === null || !buttons.current[step]?.disabled) return
    const instead: Step = step === 'first' || step === 'previous' ? 'next' : 'previous'
    const target = buttons.current[instead]
    if (target && !target.disabled) target.focus()
  }, [page, pages])

  const button = (step: Step, label: string, target: number, disabled: boolean) => (
    <button
      type="button"
      ref={(element) => {
        buttons.current[step] = element
      }}
      disabled={disabled}
      onClick={() => {
        clicked.current = step
        onPage(target)
      }}
    >
      {label}
    </button>
  )

  return (
    <nav className="runs-pager" aria-label="Pages of the runs list">
      {button('first', 'First', 1, atStart)}
      {button('previous', 'Previous', at - 1, atStart)}
      <span className="runs-pager__where">
        Page {num(at)} of {num(pages)}
      </span>
      {button('next', 'Next', at + 1, atEnd)}
      {button('last', 'Last', pages, atEnd)}
    </nav>
  )
}
