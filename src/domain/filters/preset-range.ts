import { addDays, dayOf, isIsoDay, type IsoDay } from '../time'
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

/**
 * The first and last recorded day in `zone`. Without `latestAt` the last day is today (from
 * `nowMs`); without `earliestAt` the first day is null; an `earliestAt` after `latestAt` is
 * clamped to the last day.
 */
export function dataDays(
  context: FilterContext,
  zone: string,
): { first: IsoDay | null; last: IsoDay } {
  const nowMs = context.nowMs
  const now = typeof nowMs === 'number' && Number.isFinite(nowMs) ? nowMs : Date.now()
  const last = dayOfInstant(context.latestAt, zone) ?? dayOf(now, zone)
  const first = dayOfInstant(context.earliestAt, zone)
  return { first: first !== null && first > last ? last : first, last }
}

/**
 * The days a preset stands for in `zone`: `7d`/`30d`/`90d` end at the day of `latestAt` (today
 * when nothing is recorded); `all` spans `earliestAt`..`latestAt` (the last 30 days without
 * `earliestAt`, clipped to {@link MAX_RANGE_DAYS}); `custom` has no range of its own and gives
 * the default preset's.
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
  return { from: addDays(last, -(PRESET_DAYS[key] - 1)), to: last }
}
