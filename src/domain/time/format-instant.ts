import { offsetMs, offsetText } from './offset'

const HOUR = 3_600_000
const MAX_CACHED_HOURS = 200_000

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n
const pad3 = (n: number): string => (n < 10 ? '00' : n < 100 ? '0' : '') + n

/**
 * A formatter of instants as ISO 8601 with the offset of `zone` in force at that instant
 * (`2026-11-03T15:05:09.120+01:00`; UTC gives `+00:00`). Offsets are looked up once per hour of
 * time and cached, so formatting a million instants costs a few thousand Intl calls. A
 * non-finite instant formats as an empty string; an unknown zone formats everything as ''.
 */
export function createInstantFormatter(zone: string): (instantMs: number) => string {
  const hourOffsets = new Map<number, number>()
  const offsetAt = (ms: number): number => {
    const hour = Math.floor(ms / HOUR)
    const cached = hourOffsets.get(hour)
    if (cached !== undefined) return cached
    const start = offsetMs(zone, hour * HOUR)
    // An hour with a transition inside is not cached: each instant asks for itself.
    if (offsetMs(zone, hour * HOUR + HOUR - 1) !== start) return offsetMs(zone, ms)
    if (hourOffsets.size >= MAX_CACHED_HOURS) hourOffsets.clear()
    hourOffsets.set(hour, start)
    return start
  }
  return (instantMs) => {
    if (!Number.isFinite(instantMs)) return ''
    const offset = offsetAt(instantMs)
    if (Number.isNaN(offset)) return ''
    const local = new Date(instantMs + offset)
    const year = local.getUTCFullYear()
    if (year < 0 || year > 9999) return ''
    return (
      String(year).padStart(4, '0') +
      '-' +
      pad2(local.getUTCMonth() + 1) +
      '-' +
      pad2(local.getUTCDate()) +
      'T' +
      pad2(local.getUTCHours()) +
      ':' +
      pad2(local.getUTCMinutes()) +
      ':' +
      pad2(local.getUTCSeconds()) +
      '.' +
      pad3(local.getUTCMilliseconds()) +
      offsetText(offset)
    )
  }
}

const formatters = new Map<string, (instantMs: number) => string>()

/** One instant as ISO 8601 with `zone`'s offset; '' for a non-finite instant or unknown zone. */
export function formatInstant(instantMs: number, zone: string): string {
  let format = formatters.get(zone)
  if (format === undefined) {
    format = createInstantFormatter(zone)
    formatters.set(zone, format)
  }
  return format(instantMs)
}
