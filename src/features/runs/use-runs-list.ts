import { useMemo } from 'react'
import { useApiConfig, useRunSummary, type SummaryRequest } from '../../api'
import type { Filters } from '../../domain/filters'
import type { RunsSummary } from '../../domain/runs'
import { createScope, narrowScope } from '../../domain/summary'

/** The cache key of a runs list: exactly the filters that change its rows. */
export function runsListKey(baseUrl: string, filters: Filters, within: Within): string {
  return JSON.stringify([
    'runs-list',
    baseUrl,
    filters.from,
    filters.to,
    filters.tz,
    filters.tools,
    within?.startMs ?? null,
    within?.endMs ?? null,
  ])
}

type Within = { startMs: number; endMs: number } | null

/**
 * Loads every run of the shared filters page by page and folds each into a compact row (raw
 * runs are dropped as they arrive); cached by the filters. The list's own filters (outcome,
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
  return useRunSummary(filters ? runsListKey(config.baseUrl, filters, within) : 'none', request)
}
