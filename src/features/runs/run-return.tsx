import type { ParsedHistoryState } from '@tanstack/history'
import { createContext, useContext, useState, type ReactNode } from 'react'

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

/**
 * The latest run opened from a runs list (the way back to it is what a person takes), kept for
 * as long as the app it is provided to: the list unmounts while the run shows.
 */
export class RunVisits {
  private last: Visit | null = null

  /** Notes that the list shown in the history entry `entryKey` opened the run `uuid`. */
  remember(uuid: string, entryKey: string | undefined, scroll: ListScroll) {
    this.last = entryKey === undefined ? null : { uuid, entryKey, scroll }
  }

  /**
   * Which run link a list shown with the history `state` should focus: the run that very entry
   * was left for (browser Back), else the run the run page came back from (`visitedRun`); null
   * for any other way to the list. The scroll is the one of the list that run was opened from,
   * when it was noted; else null.
   */
  returnTarget(state: ParsedHistoryState | undefined): ReturnTarget | null {
    const visit = this.last
    if (visit && state?.__TSR_key === visit.entryKey) {
      return { uuid: visit.uuid, scroll: visit.scroll }
    }
    const uuid = state?.visitedRun
    if (typeof uuid !== 'string') return null
    return { uuid, scroll: visit?.uuid === uuid ? visit.scroll : null }
  }
}

const RunVisitsContext = createContext<RunVisits | null>(null)

/** Gives the runs lists below it one {@link RunVisits} that lives as long as this provider. */
export function RunVisitsProvider({ children }: { children: ReactNode }) {
  const [visits] = useState(() => new RunVisits())
  return <RunVisitsContext.Provider value={visits}>{children}</RunVisitsContext.Provider>
}

/** The {@link RunVisits} of the app; throws outside its provider (a wiring bug). */
export function useRunVisits(): RunVisits {
  const visits = useContext(RunVisitsContext)
  if (!visits) throw new Error('useRunVisits needs a RunVisitsProvider above it')
  return visits
}
