import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/**
 * The box a wide table scrolls sideways in. While the table is wider than the box, the box is a
 * labelled region in the tab order, so a keyboard reader can scroll it with the arrow keys (cells
 * without links are otherwise out of reach); while it fits, it is a plain box.
 */
export function TableScroll(props: { label: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const element = box.current
    if (element === null || typeof ResizeObserver === 'undefined') return
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [])
  const className = props.className ? `table-wrap ${props.className}` : 'table-wrap'
  const focusable = scrolls
    ? { role: 'region', 'aria-label': `${props.label}, scrolls sideways`, tabIndex: 0 }
    : {}
  return (
    <div ref={box} className={className} {...focusable}>
      {props.children}
    </div>
  )
}
