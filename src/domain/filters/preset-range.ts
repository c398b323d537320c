import { addDays, dayOf, formatDay, isIsoDay, type IsoDay } from '../time'
import { DEFAULT_PRESET, MAX_RANGE_DAYS, type FilterContext, type Preset } from './filters'

const PRESET_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const

/** The day of an instant string in `zone`, or null when it is missing or not a usable time. */
function dayOfInstant(instant: string | null, zone: string): IsoDay | null {
  if (typeof instant !== 'string') return null
  const ms = Date.parse(instant)
  if (!Number.isFinite(ms)) return null
  const day = dayOf(ms, zone)
  return isIsoDay(day) ? day : null
}

/** Today in `zone`: the day of `nowMs` (of `Date.now()` when it is missing or not a time). */
export function today(context: Pick<FilterContext, 'nowMs'>, zone: string): IsoDay {
  const nowMs = context.nowMs
  return dayOf(typeof nowMs === 'number' && Number.isFinite(nowMs) ? nowMs : Date.now(), zone)
}

/**
 * The first and last recorded day in `zone`. Without `latestAt` the last day is today (from
 * `nowMs`); without `earliestAt` the first day is null; an `earliestAt` after `latestAt` is
 * clamped to the last day.
 */
export function dataDays(
  context: FilterContext,
  zone: string,
): { first: IsoDay | null; last: IsoDay } {
  const last = dayOfInstant(context.latestAt, zone) ?? today(context, zone)
  const first = dayOfInstant(context.earliestAt, zone)
  return { first: first !== null && first > last ? last : first, last }
}

/**
 * Where the recorded data ends inside a range that reaches later, in the reader's words
 * ("data until 28 Nov 2026"); null when the range ends on or before the last recorded day, or
 * nothing is recorded.
 */
export function dataEndNote(
  range: { to: IsoDay },
  context: Pick<FilterContext, 'latestAt'>,
  zone: string,
): string | null {
  const last = dayOfInstant(context.latestAt, zone)
  if (last === null || range.to <= last) return null
  return `data until ${formatDay(last)}`
}

/**
 * The days a preset stands for in `zone`: `7d`/`30d`/`90d` are the last N days up to today (the
 * day of `nowMs`), as in Grafana, whether or not data reaches today; `all` spans the recorded
 * days `earliestAt`..`latestAt` (clipped to {@link MAX_RANGE_DAYS}; the last 30 days up to today
 * without `earliestAt`); `custom` has no range of its own and gives the default preset's.
 */
export function presetRange(
  preset: Preset,
  context: FilterContext,
  zone: string,
): { from: IsoDay; to: IsoDay } {
  const { first, last } = dataDays(context, zone)
  if (preset === 'all' && first !== null) {
    const earliestAllowed = addDays(last, -(MAX_RANGE_DAYS - 1))
    return { from: first < earliestAllowed ? earliestAllowed : first, to: last }
  }
  const key = preset === 'all' || preset === 'custom' ? DEFAULT_PRESET : preset
  const end = today(context, zone)
  return { from: addDays(end, -(PRESET_DAYS[key] - 1)), to: end }
}
