import { useMemo } from 'react'
import { useApiConfig } from './api-context'
import type { SummaryRequest } from './loading/summary-store'
import type { ApiConfig } from './request'
import { useFoldedSummary } from './use-folded-summary'
import type { Filters } from '../domain/filters'
import { createScope, type ToolSummary } from '../domain/summary'

/** The load of the tool summary of `filters`. */
export const toolSummaryRequest = (
  config: ApiConfig,
  filters: Filters,
): SummaryRequest<ToolSummary> => ({
  config,
  spec: { kind: 'tool-summary', scope: createScope(filters) },
})

/**
 * Loads every run of the filters' range (and tools) page by page and folds it into a
 * {@link ToolSummary}; cached by the filters, so going back to earlier filters is instant.
 */
export function useToolSummary(filters: Filters | null) {
  const config = useApiConfig()
  const request = useMemo(
    () => (filters ? toolSummaryRequest(config, filters) : null),
    [config, filters],
  )
  return useFoldedSummary(request)
}
