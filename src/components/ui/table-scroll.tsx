import type { ReactNode } from 'react'

/**
 * The box a wide table scrolls sideways in: a labelled region in the tab order, so a keyboard
 * reader can scroll it with the arrow keys (cells without links are otherwise out of reach).
 * Always so, not only while the table overflows: measuring that would force the layout of
 * tables the browser skips below the fold (`content-visibility`), a long task on the overview
 * (Lighthouse desktop TBT 450 ms instead of 30). The pattern is A. Roselli's for
 * responsive tables.
 */
export function TableScroll(props: { label: string; className?: string; children: ReactNode }) {
  const className = props.className ? `table-wrap ${props.className}` : 'table-wrap'
  return (
    // A scrollable region must be focusable (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={className} role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  )
}
