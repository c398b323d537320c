import { describeApiError, type RunSummary } from '../../api'
import { DuplicatesNotice } from '../../components/ui/duplicates-notice'
import { ErrorState, LoadingState } from '../../components/ui/states'
import { num } from './format'

export interface LoadBannerProps {
  /** What is loading, e.g. "Loading the runs of both windows". */
  label: string
  summary: RunSummary<unknown>
}

/**
 * The load's progress with Cancel, a server-requested wait, an incomplete load (cancelled or
 * broken off: "Incomplete: N of M runs", never shown as complete) with Resume, or an error with
 * Retry. Nothing once the load is done.
 */
export function LoadBanner({ label, summary }: LoadBannerProps) {
  return (
    <>
      <StatusBanner label={label} summary={summary} />
      <DuplicatesNotice count={summary.state?.duplicates ?? 0} />
    </>
  )
}

function StatusBanner({ label, summary }: LoadBannerProps) {
  const { state } = summary
  if (state === null) return <LoadingState label={label} />
  const total = state.totalRuns
  const progress = total === null ? null : { done: state.loadedRuns, total }
  const of = `${num(state.loadedRuns)} of ${total === null ? '?' : num(total)} runs`
  const cancel = (
    <button type="button" onClick={summary.cancel}>
      Cancel
    </button>
  )
  switch (state.status) {
    case 'loading':
      return <LoadingState label={label} progress={progress} action={cancel} />
    case 'waiting':
      return (
        <LoadingState
          label={`The server asked us to wait; continuing in ${Math.ceil((state.waitMs ?? 0) / 1000)} s`}
          progress={progress}
          action={cancel}
        />
      )
    case 'cancelled':
      return (
        <div className="state state--partial" role="status">
          <strong>Incomplete: {of}</strong>
          <span>Loading was cancelled; the figures below count only the runs loaded so far.</span>
          <button type="button" onClick={summary.resume}>
            Resume
          </button>
        </div>
      )
    case 'partial':
      return (
        <ErrorState
          title={`Incomplete: ${of}`}
          message={`${describeApiError(state.error)} The figures below count only the runs loaded so far.`}
        >
          <button type="button" onClick={summary.resume}>
            Resume
          </button>
        </ErrorState>
      )
    case 'error':
      return (
        <ErrorState
          title="The runs could not be loaded"
          message={describeApiError(state.error)}
          onRetry={summary.reload}
        />
      )
    default:
      return null
  }
}
