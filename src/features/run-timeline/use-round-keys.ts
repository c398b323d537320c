import { useEffect, type RefObject } from 'react'

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))

/** Keys typed into form fields, or with Ctrl, Alt or Meta, or already handled, are not ours. */
const notOurs = (event: KeyboardEvent) =>
  event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)

/** Escape calls `onEscape` (the run page's way back to its list, in every state of the page). */
export function useEscapeKey(onEscape: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || notOurs(event)) return
      event.preventDefault()
      onEscape()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onEscape])
}

/**
 * Keyboard for the timeline: ArrowDown / j and ArrowUp / k focus the next or previous round
 * heading (from the round holding focus). Keys typed into form fields, and keys with Ctrl, Alt
 * or Meta, are left alone.
 */
export function useRoundKeys(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (notOurs(event)) return
      const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key]
      const root = container.current
      if (step === undefined || !root) return
      const headings = [...root.querySelectorAll<HTMLElement>('[data-round-heading]')]
      if (headings.length === 0) return
      const active = document.activeElement
      const current = headings.findIndex((h) => {
        const section = h.closest('section')
        return h === active || (section !== null && active !== null && section.contains(active))
      })
      const next = current === -1 ? (step > 0 ? 0 : headings.length - 1) : current + step
      const target = headings[Math.max(0, Math.min(headings.length - 1, next))]
      if (!target) return
      event.preventDefault()
      target.focus()
      target.scrollIntoView?.({ block: 'start' })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [container])
}
