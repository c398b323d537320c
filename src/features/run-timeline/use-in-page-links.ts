import { useEffect, useRef } from 'react'

/** The element id an in-page link (`href="#…"`) points at; null for any other link. */
function linkedId(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null
  const href = target.closest('a')?.getAttribute('href') ?? ''
  return href.startsWith('#') && href.length > 1 ? decodeURIComponent(href.slice(1)) : null
}

/**
 * In-page links to an element that is not in the DOM (a windowed round or step): a click on
 * one, and the page's own `#…` address when it opens, call `reveal(id)` instead of doing
 * nothing; `reveal` says whether it knows the id. Links to elements in the DOM behave as usual.
 */
export function useInPageLinks(reveal: (id: string) => boolean) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
      const id = linkedId(event.target)
      if (id === null || document.getElementById(id)) return
      if (reveal(id)) event.preventDefault()
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [reveal])

  // Only the address the page opened with; later links come through clicks.
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current) return
    opened.current = true
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id !== '' && !document.getElementById(id)) reveal(id)
  }, [reveal])
}
