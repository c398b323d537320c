import type { InstantRange } from '../time'
import type { EffectWindows } from './windows'

/** One labelled stretch of the overview's time strip, as shares of the strip's width. */
export interface StripBar {
  key: 'range' | 'before' | 'after'
  startMs: number
  endMs: number
  /** Left edge and width as fractions (0..1) of the strip. */
  left: number
  width: number
}

/** The overview's two ideas of time on one axis: the date range and the decision windows. */
export interface TimeStrip {
  startMs: number
  endMs: number
  bars: StripBar[]
  /** Where the decision sits, as a fraction of the strip. */
  decisionAt: number
}

/**
 * The date range and the before/after windows on one shared axis (the span of all three), so a
 * reader sees at a glance which days the chart shows and which the cards and table count.
 * Empty windows get width 0; a range or windows with non-finite bounds give null.
 */
export function timeStrip(range: InstantRange, windows: EffectWindows): TimeStrip | null {
  const parts = [
    { key: 'range' as const, startMs: range.startMs, endMs: range.endMs },
    { key: 'before' as const, ...windows.before },
    { key: 'after' as const, ...windows.after },
  ]
  if (!parts.every((p) => Number.isFinite(p.startMs) && Number.isFinite(p.endMs))) return null
  // The decision is on the axis even when the range does not reach it.
  const startMs = Math.min(windows.decisionMs, ...parts.map((p) => p.startMs))
  const endMs = Math.max(windows.decisionMs, ...parts.map((p) => p.endMs))
  const span = Math.max(endMs - startMs, 1)
  const share = (ms: number) => (ms - startMs) / span
  return {
    startMs,
    endMs,
    bars: parts.map((p) => ({
      ...p,
      left: share(p.startMs),
      width: Math.max(0, share(p.endMs) - share(p.startMs)),
    })),
    decisionAt: share(windows.decisionMs),
  }
}
