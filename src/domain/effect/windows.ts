/** One day in ms; windows are measured in elapsed time, not calendar days. */
export const DAY_MS = 86_400_000

/** A half-open range of instants `[startMs, endMs)`; empty when `endMs === startMs`. */
export interface Window {
  startMs: number
  endMs: number
}

export interface EffectWindows {
  decisionMs: number
  requestedDays: number
  /** `[decision − length, decision)`. */
  before: Window
  /** `[decision, decision + length)`. */
  after: Window
  /** Length of each window with data, in ms (both sides equal when both have data). */
  lengthMs: number
  /** True when the data cut the windows shorter than requested. */
  bounded: boolean
  /** The side(s) without any recorded data, or null when both have some. */
  emptySide: 'before' | 'after' | 'both' | null
}

export interface DataSpan {
  /** First and last recorded step (`/meta`'s `earliestAt` / `latestAt`) in ms; null when unknown. */
  earliestMs: number | null
  latestMs: number | null
}

const finite = (n: number | null): n is number => n !== null && Number.isFinite(n)

/**
 * The before/after windows around `decisionMs`: `requestedDays` each, shortened to the same
 * length on both sides when the recorded data is shorter (never reaching before the first or
 * past the last recorded step). A side without data is empty (length 0) and named in
 * `emptySide`; the other side then keeps its own, data-bounded length. Unknown data (null) counts
 * as no data; a non-positive or non-finite request gives empty windows.
 */
export function effectWindows(
  decisionMs: number,
  requestedDays: number,
  data: DataSpan,
): EffectWindows {
  const requested = Number.isFinite(requestedDays) && requestedDays > 0 ? requestedDays * DAY_MS : 0
  const beforeAvail = finite(data.earliestMs) ? Math.max(0, decisionMs - data.earliestMs) : 0
  // The last recorded step belongs to the after window: the range is half-open.
  const afterAvail = finite(data.latestMs) ? Math.max(0, data.latestMs + 1 - decisionMs) : 0
  const both = beforeAvail > 0 && afterAvail > 0
  const beforeLen = both
    ? Math.min(requested, beforeAvail, afterAvail)
    : Math.min(requested, beforeAvail)
  const afterLen = both ? beforeLen : Math.min(requested, afterAvail)
  const emptySide =
    beforeAvail > 0 ? (afterAvail > 0 ? null : 'after') : afterAvail > 0 ? 'before' : 'both'
  const lengthMs = Math.max(beforeLen, afterLen)
  return {
    decisionMs,
    requestedDays,
    before: { startMs: decisionMs - beforeLen, endMs: decisionMs },
    after: { startMs: decisionMs, endMs: decisionMs + afterLen },
    lengthMs,
    bounded: requested > 0 && lengthMs < requested,
    emptySide,
  }
}

/**
 * The windows `[startMs, decisionMs)` and `[decisionMs, endMs)` as given (an API query's own
 * bounds), not shortened to the data: what `GET /effect` counts.
 */
export function windowsBetween(startMs: number, decisionMs: number, endMs: number): EffectWindows {
  return {
    decisionMs,
    requestedDays: 0,
    before: { startMs, endMs: decisionMs },
    after: { startMs: decisionMs, endMs },
    lengthMs: Math.max(0, decisionMs - startMs, endMs - decisionMs),
    bounded: false,
    emptySide: null,
  }
}
