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

/** One segment of a stacked bar: a series, its count and where it starts and ends (in counts). */
export interface Segment<K extends string> {
  key: K
  value: number
  from: number
  to: number
}

/**
 * The segments of one stacked bar, in the order of `keys`, each starting where the previous
 * ends. A missing, null or zero count draws nothing (a gap stays a gap, never a zero-high bar);
 * a row with no counts gives no segments.
 */
export function stackRow<K extends string>(
  row: Partial<Record<K, number | null>>,
  keys: readonly K[],
): Segment<K>[] {
  const segments: Segment<K>[] = []
  let from = 0
  for (const key of keys) {
    const value = row[key]
    if (value === undefined || value === null || !(value > 0)) continue
    segments.push({ key, value, from, to: from + value })
    from += value
  }
  return segments
}

/** The highest stack of `rows` (the sum of its `keys`); 0 for no rows or only gaps. */
export function stackMax<K extends string>(
  rows: ReadonlyArray<Partial<Record<K, number | null>>>,
  keys: readonly K[],
): number {
  let max = 0
  for (const row of rows) {
    const segments = stackRow(row, keys)
    const top = segments[segments.length - 1]?.to ?? 0
    if (top > max) max = top
  }
  return max
}

/** `label` cut to `max` characters (code points, so no half emoji) with an ellipsis; "" stays "". */
export function shortLabel(label: string, max = 28): string {
  if (label.length <= max) return label
  const chars: string[] = []
  for (const char of label) {
    if (chars.length === max) return `${chars.slice(0, max - 1).join('')}…`
    chars.push(char)
  }
  return label
}

/** Rough advance widths in em of a sans-serif font, by kind of character. */
const EM = { narrow: 0.3, slim: 0.45, lower: 0.6, digit: 0.64, upper: 0.68, wide: 0.95, full: 1.05 }

/**
 * About how wide `text` is drawn at `fontSize` px, without asking the DOM (a forced layout):
 * an estimate by kind of character (narrow, slim, lower case, digits, upper case, wide,
 * full-width and emoji), good enough to tell a label that clearly overflows. "" is 0.
 */
export function approxTextWidth(text: string, fontSize = 12): number {
  let em = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x1100) em += EM.full
    else if (/[ilj.,:;'|!`() ]/.test(char)) em += EM.narrow
    else if (/[rtfI_"/\\-]/.test(char)) em += EM.slim
    else if (/[WMm@%&wЖШЩ]/.test(char)) em += EM.wide
    else if (/[A-Z<>=+~#$^*]/.test(char)) em += EM.upper
    else if (/[0-9]/.test(char)) em += EM.digit
    else em += EM.lower
  }
  return em * fontSize
}
