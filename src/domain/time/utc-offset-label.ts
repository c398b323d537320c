import { offsetMs, offsetText } from './offset'

/**
 * The offset of `zone` from UTC at an instant, as `UTC+05:30`, `UTC-03:00` or `UTC+00:00`;
 * an empty string for a zone Intl does not know.
 */
export function utcOffsetLabel(zone: string, instantMs: number): string {
  const offset = offsetMs(zone, instantMs)
  return Number.isNaN(offset) ? '' : `UTC${offsetText(offset)}`
}
