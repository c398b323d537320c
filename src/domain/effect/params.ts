import { instantSchema } from '../contract'
import { describeValue } from '../filters/describe-value'
import { readSingle, type UncheckedSearch } from '../filters/read-param'
import { isIsoDay, startOfDayMs } from '../time'

/** The window lengths the page offers (days on each side of the decision date). */
export const WINDOW_OPTIONS = [7, 14, 28, 56] as const
export const DEFAULT_WINDOW_DAYS = 14
/** The longest window a link may ask for. */
export const MAX_WINDOW_DAYS = 366

export interface EffectParams {
  /** `since=` as epoch ms; null when absent or ignored. */
  sinceMs: number | null
  windowDays: number
  /** One plain-English line per parameter that was ignored. */
  ignored: string[]
}

/**
 * The overview's own URL parameters: `since` (an RFC 3339 instant with offset, or a day
 * `YYYY-MM-DD` meaning its start in `zone`) and `window` (whole days, 1–366). Never throws: a bad
 * value is ignored with a line in `ignored`; absent values give null and 14 days.
 */
export function parseEffectParams(raw: UncheckedSearch, zone: string): EffectParams {
  const ignored: string[] = []
  let sinceMs: number | null = null
  const since = readSingle(raw, 'since', ignored)
  if (since !== undefined) {
    const ms =
      typeof since !== 'string'
        ? NaN
        : isIsoDay(since)
          ? startOfDayMs(since, zone)
          : instantSchema.safeParse(since).success
            ? Date.parse(since)
            : NaN
    if (Number.isFinite(ms)) sinceMs = ms
    else
      ignored.push(
        `Ignored since=${describeValue(since)}: not a day (YYYY-MM-DD) or a time with offset`,
      )
  }
  let windowDays = DEFAULT_WINDOW_DAYS
  const window = readSingle(raw, 'window', ignored)
  if (window !== undefined) {
    const days = typeof window === 'string' && /^\d{1,4}$/.test(window) ? Number(window) : NaN
    if (days >= 1 && days <= MAX_WINDOW_DAYS) windowDays = days
    else
      ignored.push(
        `Ignored window=${describeValue(window)}: not a whole number of days from 1 to ${MAX_WINDOW_DAYS}`,
      )
  }
  return { sinceMs, windowDays, ignored }
}
