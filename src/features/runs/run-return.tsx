import type { ParsedHistoryState } from '@tanstack/history'

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The run the runs list was left for, set by the run page's ways back to the list (Esc,
     * "Back to the runs list"), so the list can focus that run's link again.
     */
    visitedRun?: string
  }
}

/** Where the list and the page were scrolled to when a run was opened. */
export interface ListScroll {
  box: number
  page: number
}

/** The run link to focus when the list shows again, and the scroll it was opened at if known. */
export interface ReturnTarget {
  uuid: string
  scroll: ListScroll | null
}

interface Visit {
  uuid: string
  /** The history entry of the list the run was opened from (`__TSR_key`). */
  entryKey: string
  scroll: ListScroll
}

// Only the latest run opened from a list: the way back to it is what a person takes.
let lastVisit: Visit | null = null

/** Notes that the list shown in the history entry `entryKey` opened the run `uuid`. */
export function rememberVisit(uuid: string, entryKey: string | undefined, scroll: ListScroll) {
  lastVisit = entryKey === undefined ? null : { uuid, entryKey, scroll }
}

/** Forgets the noted visit (for tests). */
export function forgetVisit() {
  lastVisit = null
}

/**
 * Which run link a list shown with the history `state` should focus: the run that very entry
 * was left for (browser Back), else the run the run page came back from (`visitedRun`); null
 * for any other way to the list. The scroll is the one of the list that run was opened from,
 * when it was noted; else null.
 */
export function returnTarget(state: ParsedHistoryState | undefined): ReturnTarget | null {
  const visit = lastVisit
  if (visit && state?.__TSR_key === visit.entryKey) {
    return { uuid: visit.uuid, scroll: visit.scroll }
  }
  const uuid = state?.visitedRun
  if (typeof uuid !== 'string') return null
  return { uuid, scroll: visit?.uuid === uuid ? visit.scroll : null }
}
