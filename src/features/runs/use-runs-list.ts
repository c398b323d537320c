import { useMemo } from 'react'
import { useApiConfig, useFoldedSummary, type SummaryRequest } from '@/api'
import type { Filters } from '@/domain/filters'
import type { RunsSummary } from '@/domain/runs'
import { createScope, narrowScope } from '@/domain/summary'

type Within = { startMs: number; endMs: number } | null

/**
 * Loads every run of the shared filters page by page and folds each into a compact row (raw
 * runs are dropped as they arrive); cached by its scope (the filters, narrowed to `within`). The list's own filters (outcome,
 * configuration, status) are applied to the rows, so changing them never reloads.
 */
export function useRunsList(filters: Filters | null, within: Within = null) {
  const config = useApiConfig()
  const request = useMemo((): SummaryRequest<RunsSummary> | null => {
    if (!filters) return null
    const scope = narrowScope(createScope(filters), within)
    return {
      config,
      spec: { kind: 'runs-list', scope },
    }
  }, [config, filters, within])
  return useFoldedSummary(request)
}
