import { dayOf, type InstantRange, type IsoDay } from '../time'
import { effectWindows, type DataSpan, type EffectWindows } from './windows'

/**
 * The overview's one model of time: the decision and window controls ask for up to N days on
 * each side of the decision date, and the cards and the table count the part of that the date
 * range holds (the chart shows the whole range).
 */
export interface RangedWindows {
  /** Bounded by the recorded data only: what the decision and window controls ask for. */
  requested: EffectWindows
  /** Bounded by the data and by the date range: what the cards and the table count. */
  counted: EffectWindows
  /** True when the date range holds less of the requested windows than the data does. */
  cutByRange: boolean
  /** True when the range holds no day on a side where the data has some: nothing to compare. */
  emptiedByRange: boolean
  /** The calendar days (in the zone) holding all of the requested windows; null when empty. */
  fullRange: { from: IsoDay; to: IsoDay } | null
}

/** The calendar days (in `zone`) that hold both windows whole; null when both are empty. */
export function daysHolding(
  windows: EffectWindows,
  zone: string,
): { from: IsoDay; to: IsoDay } | null {
  const startMs = windows.before.startMs
  const endMs = windows.after.endMs
  return endMs > startMs ? { from: dayOf(startMs, zone), to: dayOf(endMs - 1, zone) } : null
}

const none: DataSpan = { earliestMs: null, latestMs: null }

/**
 * The recorded data as far as the date range holds it, for windows that touch `decisionMs`:
 * a range that does not reach the decision date holds neither window.
 */
export function spanWithin(data: DataSpan, range: InstantRange, decisionMs: number): DataSpan {
  if (!(range.startMs <= decisionMs && decisionMs <= range.endMs)) return none
  return {
    earliestMs: data.earliestMs === null ? null : Math.max(data.earliestMs, range.startMs),
    // The range is half-open; a span's last instant is inclusive.
    latestMs: data.latestMs === null ? null : Math.min(data.latestMs, range.endMs - 1),
  }
}

/**
 * `windows` cut to lie inside `outer` (both around the same decision date). A range that empties
 * one side leaves the other its own data-bounded length, which may reach past the requested
 * window of equal sides: it is cut back to it.
 */
function inside(windows: EffectWindows, outer: EffectWindows): EffectWindows {
  const length = (w: { startMs: number; endMs: number }) => w.endMs - w.startMs
  const beforeLen = Math.min(length(windows.before), length(outer.before))
  const afterLen = Math.min(length(windows.after), length(outer.after))
  const { decisionMs } = windows
  const lengthMs = Math.max(beforeLen, afterLen)
  return {
    ...windows,
    before: { startMs: decisionMs - beforeLen, endMs: decisionMs },
    after: { startMs: decisionMs, endMs: decisionMs + afterLen },
    lengthMs,
    bounded: windows.bounded || lengthMs < windows.lengthMs,
  }
}

/** The requested and the counted windows around `decisionMs`, and the days holding them all. */
export function rangedWindows(
  decisionMs: number,
  windowDays: number,
  data: DataSpan,
  range: InstantRange,
  zone: string,
): RangedWindows {
  const requested = effectWindows(decisionMs, windowDays, data)
  const counted = inside(
    effectWindows(decisionMs, windowDays, spanWithin(data, range, decisionMs)),
    requested,
  )
  const emptiedByRange = counted.emptySide !== requested.emptySide
  return {
    requested,
    counted,
    cutByRange: counted.lengthMs < requested.lengthMs || emptiedByRange,
    emptiedByRange,
    fullRange: daysHolding(requested, zone),
  }
}
