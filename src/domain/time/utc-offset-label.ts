import { offsetMs } from './offset'

const pad2 = (n: number): string => String(n).padStart(2, '0')

/**
 * The offset of `zone` from UTC at an instant, as `UTC+05:30`, `UTC-03:00` or `UTC+00:00`;
 * an empty string for a zone Intl does not know.
 */
export function utcOffsetLabel(zone: string, instantMs: number): string {
  const offset = offsetMs(zone, instantMs)
  if (Number.isNaN(offset)) return ''
  const minutes = Math.round(Math.abs(offset) / 60_000)
  const sign = offset < 0 ? '-' : '+'
  return `UTC${sign}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}
