import { describeApiError, isNotImplemented, type LoadState } from '@/api'
import type { RunsSummary } from '@/domain/runs'
import { LoadBanner } from '@/components/ui/load-banner'

export interface RunsLoadBannerProps {
  state: LoadState<RunsSummary>
  cancel: () => void
  resume: () => void
  reload: () => void
}

/** The shared load banner, worded for the runs list, plus unknown run statuses seen. */
export function RunsLoadBanner({ state, cancel, resume, reload }: RunsLoadBannerProps) {
  const unknown = state.summary.unknownRunStatuses
  return (
    <LoadBanner
      state={state}
      loadingLabel="Loading runs"
      partialNote="the list below holds only the runs loaded so far"
      errorTitle="The runs could not be loaded"
      errorMessage={describeApiError(state.error)}
      retryable={!isNotImplemented(state.error)}
      warnings={
        unknown.length > 0
          ? [
              `Run statuses this dashboard does not know yet are listed as they are: ${unknown.join(', ')}.`,
            ]
          : []
      }
      cancel={cancel}
      resume={resume}
      reload={reload}
    />
  )
}
