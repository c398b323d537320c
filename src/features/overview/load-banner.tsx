import { describeApiError, type RunSummary } from '../../api'
import { LoadBanner as SharedLoadBanner } from '../../components/ui/load-banner'
import { LoadingState } from '../../components/ui/states'

export interface LoadBannerProps {
  /** What is loading, e.g. "Loading the runs of both windows". */
  label: string
  summary: RunSummary<unknown>
}

/** The shared load banner for one of the overview's loads; a spinner before it starts. */
export function LoadBanner({ label, summary }: LoadBannerProps) {
  const { state } = summary
  if (state === null) return <LoadingState label={label} />
  return (
    <SharedLoadBanner
      state={state}
      loadingLabel={label}
      partialNote="the figures below count only the runs loaded so far"
      errorTitle="The runs could not be loaded"
      errorMessage={describeApiError(state.error)}
      cancel={summary.cancel}
      resume={summary.resume}
      reload={summary.reload}
    />
  )
}
