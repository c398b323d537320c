import { useMemo } from 'react'
import { useApiConfig } from './api-context'
import type { SummaryRequest } from './loading/run-summary-store'
import { useRunSummary } from './use-run-summary'
import type { Filters } from '../domain/filters'
import { createScope, type ToolSummary } from '../domain/summary'

/** The cache key of a summary: exactly the filters that change what is counted. */
export function summaryKey(baseUrl: string, filters: Filters): string {
  return JSON.stringify([
    'tool-summary',
    baseUrl,
    filters.from,
    filters.to,
    filters.tz,
    filters.tools,
  ])
}

/**
 * Loads every run of the filters' range (and tools) page by page and folds it into a
 * {@link ToolSummary}; cached by the filters, so going back to earlier filters is instant.
 */
export function useToolSummary(filters: Filters | null) {
  const config = useApiConfig()
  const request = useMemo((): SummaryRequest<ToolSummary> | null => {
    if (!filters) return null
    const scope = createScope(filters)
    return {
      config,
      spec: { kind: 'tool-summary', scope },
    }
  }, [config, filters])
  const key = filters ? summaryKey(config.baseUrl, filters) : 'none'
  return useRunSummary(key, request)
}
