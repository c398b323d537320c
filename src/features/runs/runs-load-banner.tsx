import { describeApiError, type LoadState } from '../../api'
import type { RunsSummary } from '../../domain/runs'
import { ErrorState, LoadingState } from '../../components/ui/states'

export interface RunsLoadBannerProps {
  state: LoadState<RunsSummary>
  cancel: () => void
  resume: () => void
  reload: () => void
}

const num = (n: number) => n.toLocaleString('en-US')

/**
 * What the load of the runs list is doing: progress with Cancel, a server-requested wait, an
 * incomplete list (never shown as complete) with Resume, an error with Retry, and warnings.
 */
export function RunsLoadBanner({ state, cancel, resume, reload }: RunsLoadBannerProps) {
  const total = state.totalRuns
  const progress = total === null ? null : { done: state.loadedRuns, total }
  const of = `${num(state.loadedRuns)} of ${total === null ? '?' : num(total)} runs`
  const cancelButton = (
    <button type="button" onClick={cancel}>
      Cancel
    </button>
  )
  const warnings: string[] = []
  if (state.duplicates > 0) {
    warnings.push(
      `The server sent ${num(state.duplicates)} run(s) on more than one page; each is listed once.`,
    )
  }
  if (state.summary.unknownRunStatuses.length > 0) {
    warnings.push(
      `Run statuses this dashboard does not know yet are listed as they are: ${state.summary.unknownRunStatuses.join(', ')}.`,
    )
  }
  return (
    <>
      {state.status === 'loading' ? (
        <LoadingState label="Loading runs" progress={progress} action={cancelButton} />
      ) : null}
      {state.status === 'waiting' ? (
        <LoadingState
          label={`The server asked us to wait; continuing in ${Math.ceil((state.waitMs ?? 0) / 1000)} s`}
          progress={progress}
          action={cancelButton}
        />
      ) : null}
      {state.status === 'cancelled' ? (
        <div className="state state--partial" role="status">
          <strong>Incomplete: {of}</strong>
          <span>Loading was cancelled; the list below holds only the runs loaded so far.</span>
          <button type="button" onClick={resume}>
            Resume
          </button>
        </div>
      ) : null}
      {state.status === 'partial' ? (
        <ErrorState
          title={`Incomplete: ${of}`}
          message={`${describeApiError(state.error)} The list below holds only the runs loaded so far.`}
        >
          <button type="button" onClick={resume}>
            Resume
          </button>
        </ErrorState>
      ) : null}
      {state.status === 'error' ? (
        <ErrorState
          title="The runs could not be loaded"
          message={describeApiError(state.error)}
          onRetry={reload}
        />
      ) : null}
      {warnings.length > 0 ? (
        <ul className="warnings" role="status">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
