import { daySpan, formatDay, type IsoDay } from '../time'
import { MAX_RANGE_DAYS } from './filters'

/** Why a pair of days is not a range the filters take. */
export type RangeProblem = 'from-after-to' | 'too-long'

/**
 * What is wrong with the range `from`..`to` (both inclusive), or null when the filters take it:
 * `from-after-to` when the first day is after the last, `too-long` past {@link MAX_RANGE_DAYS}.
 */
export function rangeProblem(from: IsoDay, to: IsoDay): RangeProblem | null {
  if (from > to) return 'from-after-to'
  if (daySpan(from, to) > MAX_RANGE_DAYS) return 'too-long'
  return null
}

/**
 * The sentence a person reads next to the field they changed (`edited`) when the range they
 * asked for is not taken; null when it is. Days are written "28 Nov 2026", never as URL values.
 */
export function describeRangeProblem(
  from: IsoDay,
  to: IsoDay,
  edited: 'from' | 'to',
): string | null {
  const problem = rangeProblem(from, to)
  if (problem === null) return null
  if (problem === 'too-long') {
    return `A range may span at most ${MAX_RANGE_DAYS.toLocaleString('en-US')} days (about ten years); ${formatDay(from)} to ${formatDay(to)} is longer. Not applied.`
  }
  return edited === 'from'
    ? `"From" (${formatDay(from)}) is after "To" (${formatDay(to)}). Pick a day on or before ${formatDay(to)}, or change "To" first. Not applied.`
    : `"To" (${formatDay(to)}) is before "From" (${formatDay(from)}). Pick a day on or after ${formatDay(from)}, or change "From" first. Not applied.`
}
