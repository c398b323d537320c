import { describeApiError, type FoldedSummary } from '@/api'
import { LoadBanner } from '@/components/ui/load-banner'
import { LoadingState } from '@/components/ui/states'
import type { ToolSummary } from '@/domain/summary'

/** The shared load banner for the calls counted next to each tool. */
export function CountsStatus({ summary }: { summary: FoldedSummary<ToolSummary> }) {
  const state = summary.live
  if (state === null) return <LoadingState label="Loading the calls of each tool" />
  return (
    <LoadBanner
      state={state}
      loadingLabel="Loading the calls of each tool"
      partialNote="the calls shown count only the runs loaded so far"
      errorTitle="The calls of each tool could not be loaded"
      errorMessage={`${describeApiError(state.error)}${state.status === 'error' ? ' The catalogue below is complete; only its counts are missing.' : ''}`}
      cancel={summary.cancel}
      resume={summary.resume}
      reload={summary.reload}
    />
  )
}
