import { createDayBuckets } from './day-buckets'
import { epochDayOf, isoDayFromEpochDay, type IsoDay } from './iso-day'
import { offsetMs } from './offset'

const DAY = 86_400_000
/** Offsets are sampled a week apart; a skipped day shows as a jump of about a day between two. */
const STEP_DAYS = 7
const JUMP = 12 * 3_600_000

/**
 * The days of `from`..`to` (inclusive) that `zone` skipped: its clock jumped over the whole day
 * (Pacific/Apia's 2011-12-30), so no instant lies in it. Empty for most ranges and zones, for a
 * reversed range and for an invalid day or zone. Offsets are read once a week of the range and
 * the day bounds computed only around a jump, so a range of ten years costs a few hundred Intl
 * calls, not one per day.
 */
export function skippedDays(from: IsoDay, to: IsoDay, zone: string): IsoDay[] {
  const first = epochDayOf(from)
  const last = epochDayOf(to)
  const skipped: IsoDay[] = []
  if (!(first <= last)) return skipped
  let at = first - 1
  let offset = offsetMs(zone, at * DAY)
  if (Number.isNaN(offset)) return skipped
  while (at <= last) {
    const next = Math.min(at + STEP_DAYS, last + 1)
    const nextOffset = offsetMs(zone, next * DAY)
    if (Math.abs(nextOffset - offset) >= JUMP) {
      // The jump lies between the two samples: look at every day around them.
      const windowFrom = isoDayFromEpochDay(Math.max(first, at - 1))
      const windowTo = isoDayFromEpochDay(Math.min(last, next + 1))
      const buckets = createDayBuckets(windowFrom, windowTo, zone)
      buckets.days.forEach((day, i) => {
        if (buckets.bounds[i] === buckets.bounds[i + 1] && skipped.at(-1) !== day) skipped.push(day)
      })
    }
    at = next
    offset = nextOffset
  }
  return skipped
}
