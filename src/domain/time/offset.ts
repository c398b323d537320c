import { tzOffset } from '@date-fns/tz'

/** The zone's UTC offset in ms at an instant (from @date-fns/tz, i.e. Intl); NaN for a bad zone. */
export function offsetMs(zone: string, instantMs: number): number {
  return Math.round(tzOffset(zone, new Date(instantMs)) * 60_000)
}
