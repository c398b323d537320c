import { tzOffset } from '@date-fns/tz'

/** The zone's UTC offset in ms at an instant (from @date-fns/tz, i.e. Intl); NaN for a bad zone. */
export function offsetMs(zone: string, instantMs: number): number {
  return Math.round(tzOffset(zone, new Date(instantMs)) * 60_000)
}

const pad2 = (n: number): string => String(n).padStart(2, '0')

/** An offset in ms as ISO 8601 writes it: `+05:30`, `-03:00`, `+00:00` (whole minutes). */
export function offsetText(offset: number): string {
  const minutes = Math.abs(Math.round(offset / 60_000))
  return `${offset < 0 ? '-' : '+'}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}
