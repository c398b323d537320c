/** The ticks of a count axis: values from 0 to `top` (the axis end) at one step. */
export interface NiceScale {
  ticks: number[]
  top: number
}

const STEPS = [1, 2, 5] as const

/**
 * Ticks for counts from 0 to at least `max`: a step of 1, 2 or 5 × 10^k (integers only, so never
 * a tick of 0.5 calls), the smallest such step that needs at most `maxTicks` ticks. A max of 0,
 * below 0 or not finite gives the single tick 0 (top 0); a fractional max is rounded up.
 */
export function niceScale(max: number, maxTicks = 6): NiceScale {
  if (!Number.isFinite(max) || max <= 0) return { ticks: [0], top: 0 }
  const intervals = Math.max(1, Math.floor(maxTicks) - 1)
  const end = Math.ceil(max)
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const m of STEPS) {
      const step = m * magnitude
      const count = Math.ceil(end / step)
      if (count <= intervals) {
        const ticks = Array.from({ length: count + 1 }, (_, i) => i * step)
        return { ticks, top: count * step }
      }
    }
  }
}

/** Where a value lands on an axis `length` px long that ends at `top`; 0 for a top of 0. */
export function scaleTo(value: number, top: number, length: number): number {
  return top > 0 ? (value / top) * length : 0
}

/** One band of a band axis: its start and size in px (the gap around it left out). */
export interface Band {
  start: number
  size: number
}

/**
 * `count` equal bands along `length` px, each `padding` (0..1) of its slot left empty, half on
 * either side; a band is at least 1 px when the slot allows. No bands for a count of 0 or less.
 */
export function bandLayout(count: number, length: number, padding = 0.2): Band[] {
  if (count <= 0 || !(length > 0)) return []
  const slot = length / count
  const size = Math.max(Math.min(1, slot), slot * (1 - padding))
  const inset = (slot - size) / 2
  return Array.from({ length: count }, (_, i) => ({ start: i * slot + inset, size }))
}
