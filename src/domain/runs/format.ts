import { formatInstant } from '../time'

/** `09:12:33.120` in `zone`; '' for a non-finite instant or an unknown zone. */
export const timeOfDay = (ms: number, zone: string): string => formatInstant(ms, zone).slice(11, 23)

/** `2026-11-05 09:12:33 +01:00` in `zone`; '' for a non-finite instant or an unknown zone. */
export const shortInstant = (ms: number, zone: string): string =>
  formatInstant(ms, zone)
    .replace('T', ' ')
    .replace(/\.\d{3}/, ' ')

/**
 * A duration for people: `0.35 ms`, `850 ms`, `12.35 s`, `3 min 05 s`, `1 h 02 min`; a dash
 * for null or a non-finite value (an unfinished run).
 */
export function formatDuration(ms: number | null): string {
  // A negative duration (an end before its start) is bad data, not a length of time.
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '–'
  if (ms < 10) return `${Number(ms.toFixed(2))} ms`
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`
  const s = Math.round(ms / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  if (s < 3600) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`
  return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`
}
