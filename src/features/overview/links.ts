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

/** One side as its links need it: the window's instants and the filters cut to its days. */
export interface SideLink {
  window: Window
  filters: Filters
}

/**
 * A side worked out once (its days in the zone): a table of many links reuses it instead of
 * finding the same two days again for every link.
 */
export function sideLink(filters: Filters, windows: EffectWindows, side: LinkSide): SideLink {
  return { window: sideWindow(windows, side), filters: windowFilters(filters, windows, side) }
}

/** The search of `/runs` behind a count of one worked-out side (and tool). */
export function runsOfSide(
  side: SideLink,
  tool: string | null,
  outcome?: RunOutcomeFilter,
): UrlSearch {
  const search = runsSearch(side.filters, tool === null ? undefined : [tool], { outcome })
  // The window's own instants, so the runs list counts exactly the calls behind the figure.
  search.after = new Date(side.window.startMs).toISOString()
  search.before = new Date(side.window.endMs).toISOString()
  return search
}

/** The search of `/runs` behind a count of one side (and tool). */
export function runsBehind(
  filters: Filters,
  windows: EffectWindows,
  side: LinkSide,
  tool: string | null,
  outcome?: RunOutcomeFilter,
): UrlSearch {
  return runsOfSide(sideLink(filters, windows, side), tool, outcome)
}

/** The search of the tool report for one worked-out side (and tool). */
export function reportOfSide(side: SideLink, tool: string | null): UrlSearch {
  return filterSearch(side.filters, tool === null ? undefined : [tool])
}

/** The search of the tool report for one side (and tool). */
export function reportOf(
  filters: Filters,
  windows: EffectWindows,
  side: LinkSide,
  tool: string | null,
): UrlSearch {
  return reportOfSide(sideLink(filters, windows, side), tool)
}
