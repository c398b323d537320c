import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * After an in-app link opens another page, focus moves to that page's heading (else `main`), as
 * a full page load would put a screen reader at the page's start — not on `body`, where a
 * keyboard reader would have to tab through the header again. Only when the path changed (a
 * new filter or sort keeps focus where it is), never on the first load, and not when the page
 * has already focused something of its own in `main` (the runs list's return to a visited run).
 */
export function useFocusOnNavigation(): void {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.pathChanged || event.fromLocation === undefined) return
        requestAnimationFrame(() => {
          const main = document.querySelector<HTMLElement>('main')
          if (!main) return
          const active = document.activeElement
          if (active && active !== document.body && main.contains(active)) return
          const target = main.querySelector<HTMLElement>('h1') ?? main
          if (!target.hasAttribute('tabindex')) target.tabIndex = -1
          target.focus({ preventScroll: true })
        })
      }),
    [router],
  )
}
