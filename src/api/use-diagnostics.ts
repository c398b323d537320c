import { useQuery } from '@tanstack/react-query'
import { useApiConfig } from './api-context'
import { metaQuery, runQuery, toolsQuery } from './queries'

/** The installation's `/meta`, shared by every page through the query cache. */
export function useMeta() {
  return useQuery(metaQuery(useApiConfig()))
}

/** The tool catalogue (`/tools`) as currently offered to models. */
export function useToolCatalogue() {
  return useQuery(toolsQuery(useApiConfig()))
}

/** One run with all its steps (`/runs/{uuid}`). */
export function useRun(uuid: string) {
  return useQuery(runQuery(useApiConfig(), uuid))
}
