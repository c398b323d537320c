import { startTransition, useEffect, useRef, useState, type RefObject } from 'react'

/**
 * The width of the element to draw a chart in, once it has come within `margin` of the viewport
 * (null before, and while it has no width): a chart below the fold is drawn only when a person
 * scrolls towards it, so the first load does not pay for SVG nobody sees yet. Follows resizes.
 * Without IntersectionObserver/ResizeObserver (old browsers, jsdom) it reads the width once. The
 * chart then renders as a transition, in slices that leave the main thread free between them.
 */
export function useChartWidth<T extends HTMLElement>(
  margin = '600px',
): [RefObject<T | null>, number | null] {
  const ref = useRef<T | null>(null)
  const [width, setWidth] = useState<number | null>(null)
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    const measure = () => {
      const w = Math.floor(element.getBoundingClientRect().width)
      // A transition: React renders the chart in slices instead of one long task.
      startTransition(() => setWidth(w > 0 ? w : null))
    }
    if (typeof IntersectionObserver === 'undefined' || typeof ResizeObserver === 'undefined') {
      measure()
      return
    }
    const resize = new ResizeObserver(measure)
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        near.disconnect()
        resize.observe(element)
      },
      { rootMargin: margin },
    )
    near.observe(element)
    return () => {
      near.disconnect()
      resize.disconnect()
    }
  }, [margin])
  return [ref, width]
}

/** Pixels per label on a category axis; a day label ("2026-09-04") is about 60 px wide. */
export const PX_PER_LABEL = 72

/**
 * The label interval for `count` category labels on an axis `width` px wide: label every
 * (interval + 1)th bucket so labels never overlap, from a fixed width per label instead of
 * measuring each in the DOM. No width or no labels give 0 (every label).
 */
export function labelInterval(count: number, width: number | null): number {
  if (width === null || width <= 0 || count <= 0) return 0
  const fits = Math.max(1, Math.floor(width / PX_PER_LABEL))
  return Math.max(0, Math.ceil(count / fits) - 1)
}
