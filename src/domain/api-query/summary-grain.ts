import { ZONE_NOT_COUNTED } from '../contract'
import { createDayBuckets, dayOf } from '../time'

/**
 * The grain `/summary` is counted on (decision 0022): a quarter hour. Since 2023 every zone's
 * offset, and so every local midnight, falls on one; some zones' older rules do not.
 */
export const SUMMARY_GRAIN_MS = 900_000

/** Why `[from, to)` (ms) is off the grain, as a `bad_request` says it; null when both bounds are on it. */
export function offGrain(from: number, to: number): string | null {
  return from % SUMMARY_GRAIN_MS === 0 && to % SUMMARY_GRAIN_MS === 0
    ? null
    : '"from" and "to" must fall on a quarter hour (:00, :15, :30 or :45, whole seconds).'
}

/** Why a `/summary` query is not counted on the grain, as the error body says it; null when it is. */
export interface GrainProblem {
  error: 'bad_request' | typeof ZONE_NOT_COUNTED
  message: string
}

/**
 * Whether a `/summary` of `[from, to)` (ms) by the local days of `tz` can be counted on the
 * grain: both bounds on a quarter hour (else `bad_request`), and every local midnight inside
 * the range too (else `zone_not_counted`: the dashboard then folds `/runs`). Null when it can.
 */
export function summaryGrainProblem(query: {
  from: number
  to: number
  tz: string
}): GrainProblem | null {
  const { from, to, tz } = query
  const off = offGrain(from, to)
  if (off !== null) return { error: 'bad_request', message: off }
  const days = createDayBuckets(dayOf(from, tz), dayOf(to - 1, tz), tz)
  const odd = days.bounds.find(
    (bound) => bound > from && bound < to && bound % SUMMARY_GRAIN_MS !== 0,
  )
  if (odd === undefined) return null
  return {
    error: ZONE_NOT_COUNTED,
    message: `In ${tz}, the local midnight at ${new Date(odd).toISOString()} does not fall on a quarter hour (an older rule of the zone), so its days cannot be counted here; count from /runs instead.`,
  }
}
