import { useLocation } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import type { RunRow } from '@/domain/runs'
import { useRunVisits, type ListScroll, type ReturnTarget } from './run-return'

export interface RunReturn {
  /** The run whose link is to be focused once listed (coming back from it); else null. */
  focusRun: ReturnTarget | null
  /** For the table: its link has focus, nothing more to do. */
  focusRestored: () => void
  /** For the table: a run was opened from this list, scrolled as given. */
  onOpenRun: (uuid: string, scroll: ListScroll) => void
}

/**
 * Back from a run (browser Back, Esc, the run page's link): the run whose link a list focuses
 * again, and what its table reports. Once `settled` (the rows shown are the list's final ones)
 * and that run is not among `rows`, there is nothing to come back to.
 */
export function useRunReturn(rows: readonly RunRow[], settled: boolean): RunReturn {
  const { state: historyState } = useLocation()
  const visits = useRunVisits()
  const [focusRun, setFocusRun] = useState(() => visits.returnTarget(historyState))
  const focusRestored = useCallback(() => setFocusRun(null), [])
  const entryKey = historyState.__TSR_key
  const onOpenRun = useCallback(
    (uuid: string, scroll: ListScroll) => visits.remember(uuid, entryKey, scroll),
    [visits, entryKey],
  )
  if (focusRun && settled && !rows.some((r) => r.uuid === focusRun.uuid)) {
    setFocusRun(null) // the run is not listed any more: nothing to come back to
  }
  return { focusRun, focusRestored, onOpenRun }
}
