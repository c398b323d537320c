import { TZDate } from '@date-fns/tz'
import { addDays, type IsoDay } from './iso-day'
import { startOfDayMs } from './day-start'

/** A half-open range of instants `[startMs, endMs)` in epoch milliseconds. */
export interface InstantRange {
  startMs: number
  endMs: number
}

/**
 * The instants of the calendar days `from`..`to` (both inclusive) in `zone`:
 * `[from 00:00, the day after to 00:00)`, DST days included (23 or 25 hours long). When `to` is
 * before `from` the range is empty (`endMs = startMs`); an invalid day or zone gives NaN bounds.
 */
export function dayRangeToInstants(from: IsoDay, to: IsoDay, zone: string): InstantRange {
  const startMs = startOfDayMs(from, zone)
  const endMs = startOfDayMs(addDays(to, 1), zone)
  return { startMs, endMs: endMs < startMs ? startMs : endMs }
}

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in `zone`. Throws a RangeError for a non-finite
 * instant or an unknown zone: callers validate both first (the filter parser does).
 */
export function dayOf(instantMs: number, zone: string): IsoDay {
  const date = new TZDate(instantMs, zone)
  const year = date.getFullYear()
  if (!Number.isFinite(year)) throw new RangeError(`no calendar day for ${instantMs} in ${zone}`)
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${String(year).padStart(4, '0')}-${month}-${day}`
}
