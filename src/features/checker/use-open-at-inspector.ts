import { useEffect, useRef, type RefObject } from 'react'

/**
 * Once `ready` (the inspector is drawn): focuses its heading and brings it into view, for a page
 * opened by a link to a case — a tool's schema from the tool report, a run or the overview. The
 * focus moves at once (before anyone can type); the scroll waits a frame, until the router has
 * reset the new page's scroll. At most once per page: edits never move the view.
 */
export function useOpenAtInspector(
  heading: RefObject<HTMLHeadingElement | null>,
  ready: boolean,
): void {
  const done = useRef(false)
  useEffect(() => {
    const target = heading.current
    if (!ready || done.current || target === null) return
    done.current = true
    target.focus({ preventScroll: true })
    requestAnimationFrame(() => {
      // Someone moved on already (a click in the catalogue): leave the view where they are.
      if (document.activeElement === target) target.scrollIntoView?.({ block: 'start' })
    })
  }, [heading, ready])
}
