import type { EffectWindows, Window } from '@/domain/effect'
import type { Filters, UrlSearch } from '@/domain/filters'
import { filterSearch, runsSearch, type RunOutcomeFilter } from '@/domain/links'
import { dayOf } from '@/domain/time'

export type LinkSide = 'before' | 'after' | 'both'

/** The instants a side stands for. */
export function sideWindow(windows: EffectWindows, side: LinkSide): Window {
  if (side === 'before') return windows.before
  if (side === 'after') return windows.after
  return { startMs: windows.before.startMs, endMs: windows.after.endMs }
}

/**
 * The shared filters cut to the calendar days (in the filters' zone) holding a window. Pages
 * behind a link count whole days, so a window starting at 09:00 opens on its whole first day.
 */
export function windowFilters(filters: Filters, windows: EffectWindows, side: LinkSide): Filters {
  const { startMs, endMs } = sideWindow(windows, side)
  return {
    ...filters,
    from: dayOf(startMs, filters.tz),
    to: dayOf(Math.max(startMs, endMs - 1), filters.tz),
    preset: 'custom',
  }
}

/** The search of `/runs` behind a count of one side (and tool). */
export function runsBehind(
  filters: Filters,
  windows: EffectWindows,
  side: LinkSide,
  tool: string | null,
  outcome?: RunOutcomeFilter,
): UrlSearch {
  const { startMs, endMs } = sideWindow(windows, side)
  const search = runsSearch(
    windowFilters(filters, windows, side),
    tool === null ? undefined : [tool],
    { outcome },
  )
  // The window's own instants, so the runs list counts exactly the calls behind the figure.
  search.after = new Date(startMs).toISOString()
  search.before = new Date(endMs).toISOString()
  return search
}

/** The search of the tool report for one side (and tool). */
export function reportOf(
  filters: Filters,
  windows: EffectWindows,
  side: LinkSide,
  tool: string | null,
): UrlSearch {
  return filterSearch(windowFilters(filters, windows, side), tool === null ? undefined : [tool])
}
