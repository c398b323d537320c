import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react'
import type { RunRow } from '@/domain/runs'
import type { ReturnTarget } from './run-return'

/** The height of a row of the runs table, in CSS pixels (the virtualiser's estimate). */
export const ROW_HEIGHT = 37

export interface ReturnFocusOptions {
  focusRun: ReturnTarget | null
  /** The listed rows, in their order. */
  rows: readonly RunRow[]
  scrollRef: RefObject<HTMLElement | null>
  theadRef: RefObject<HTMLElement | null>
  tbodyRef: RefObject<HTMLElement | null>
  onFocusRestored: (() => void) | undefined
}

/**
 * Coming back from a run: once `focusRun` is listed, scrolls the list (and the page) back to
 * where they were when it was opened — or, when that is unknown, to about its row — then, as
 * soon as the virtualiser renders that row, focuses its link and brings the row fully into view
 * below the sticky header. Returns the ref to put on that run's link.
 */
export function useReturnFocus({
  focusRun,
  rows,
  scrollRef,
  theadRef,
  tbodyRef,
  onFocusRestored,
}: ReturnFocusOptions) {
  const scrolledTo = useRef<string | null>(null)
  const targetLink = useRef<HTMLAnchorElement | null>(null)
  const focusTarget = useCallback(
    (link: HTMLAnchorElement | null) => {
      targetLink.current = link
      if (!link || !focusRun || scrolledTo.current !== focusRun.uuid) return
      link.focus({ preventScroll: true })
      onFocusRestored?.()
      // Once the scroll is applied and the virtualiser has placed the rows (next frame), make
      // sure the whole row shows, in the list and in the page.
      requestAnimationFrame(() => {
        const box = scrollRef.current
        if (!box || !link.isConnected) return
        box.scrollTop += revealBy(box, link, theadRef.current)
        link.scrollIntoView?.({ block: 'nearest' })
      })
    },
    [focusRun, onFocusRestored, scrollRef, theadRef],
  )
  useLayoutEffect(() => {
    const box = scrollRef.current
    if (!focusRun || !box || scrolledTo.current === focusRun.uuid) return
    const index = rows.findIndex((r) => r.uuid === focusRun.uuid)
    if (index < 0) return
    if (focusRun.scroll) {
      box.scrollTop = focusRun.scroll.box
      const page = document.scrollingElement
      if (page) page.scrollTop = focusRun.scroll.page
    } else {
      const bodyTop = tbodyRef.current ? top(tbodyRef.current) - top(box) + box.scrollTop : 0
      box.scrollTop = Math.max(0, bodyTop + index * ROW_HEIGHT - box.clientHeight / 2)
    }
    scrolledTo.current = focusRun.uuid
    focusTarget(targetLink.current)
  }, [focusRun, rows, scrollRef, tbodyRef, focusTarget])
  return focusTarget
}

const top = (el: Element) => el.getBoundingClientRect().top

/**
 * Where the virtualiser should start when the list mounts coming back from `focusRun` (it
 * scrolls its box to that offset when it attaches, which would undo an earlier scroll): the
 * saved offset, else a little above the row when it is listed; 0 otherwise.
 */
export function returnOffset(focusRun: ReturnTarget | null, rows: readonly RunRow[]): number {
  if (!focusRun) return 0
  if (focusRun.scroll) return focusRun.scroll.box
  const index = rows.findIndex((r) => r.uuid === focusRun.uuid)
  return index < 0 ? 0 : Math.max(0, (index - 6) * ROW_HEIGHT)
}

/**
 * How far to scroll `box` so the row holding `link` shows whole below the sticky `head`: 0 when
 * it does (or without layout), else the distance that puts it in the middle of the rows shown.
 */
export function revealBy(box: Element, link: Element, head: Element | null): number {
  const row = (link.closest('tr') ?? link).getBoundingClientRect()
  const frame = box.getBoundingClientRect()
  const from = frame.top + (head?.getBoundingClientRect().height ?? 0)
  if (row.top >= from && row.bottom <= frame.bottom) return 0
  return (row.top + row.bottom) / 2 - (from + frame.bottom) / 2
}
