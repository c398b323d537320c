import { useQuery } from '@tanstack/react-query'
import { useApiConfig } from './api-context'
import { isRunGoing } from '@/domain/runs'
import { metaQuery, runQuery, toolsQuery } from './queries'

/** The installation's `/meta`, shared by every page through the query cache. */
export function useMeta() {
  return useQuery(metaQuery(useApiConfig()))
}

/** The tool catalogue (`/tools`) as currently offered to models. */
export function useToolCatalogue() {
  return useQuery(toolsQuery(useApiConfig()))
}

/**
 * One run with all its steps (`/runs/{uuid}`). With `refreshMs`, asked again every `refreshMs`
 * while the run is still going ({@link isRunGoing}): polling stops by itself once an answer
 * shows it finished, and pauses while the tab is hidden. A failed refresh keeps the last good
 * run in `data` (with `error` set) and the next interval tries again.
 */
export function useRun(uuid: string, { refreshMs = null }: { refreshMs?: number | null } = {}) {
  return useQuery({
    ...runQuery(useApiConfig(), uuid),
    refetchInterval: (query) => {
      const run = query.state.data
      return refreshMs !== null && run !== undefined && isRunGoing(run) ? refreshMs : false
    },
  })
}
