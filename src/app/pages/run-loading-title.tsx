import { useLayoutEffect, useRef } from 'react'
import { NameText } from '@/components/ui/name-text'

/**
 * The run page's heading while its run loads, where focus lands when the page is opened from a
 * link. When it goes (the run arrived, or was not found) while focused, focus moves on to the
 * heading that replaced it, never left on `body` where a keyboard reader starts over.
 */
export function RunLoadingTitle({ uuid }: { uuid: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    const node = ref.current
    return () => {
      if (node === null || document.activeElement !== node) return
      // The heading that replaces it is in the document by the next frame.
      requestAnimationFrame(() => {
        const active = document.activeElement
        if (active !== null && active !== document.body) return
        const title = document.querySelector<HTMLElement>('main h1')
        if (!title) return
        if (!title.hasAttribute('tabindex')) title.tabIndex = -1
        title.focus({ preventScroll: true })
      })
    }
  }, [])
  return (
    <h1 ref={ref} id="run-loading-title" className="name-lines" title={uuid}>
      Run <NameText name={uuid} />
    </h1>
  )
}
