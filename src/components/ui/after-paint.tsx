import { startTransition, useEffect, useState, type ReactNode } from 'react'

export interface AfterPaintProps {
  /** Drawn once the page has painted what comes before (a big table, say). */
  children: ReactNode
  /** Stands in until then, in about the same space (nothing moves on screen when it swaps). */
  fallback: ReactNode
}

/**
 * Draws `children` in a separate, later commit than the rest of the page: the first screen
 * paints and answers input first, and a large block below it never adds its DOM to the same
 * main-thread task. Once drawn it stays drawn.
 */
export function AfterPaint({ children, fallback }: AfterPaintProps) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // A timeout after the next frame: the commit lands in a task after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [ready])
  return ready ? children : fallback
}
