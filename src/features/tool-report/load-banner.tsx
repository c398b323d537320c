import { describeApiError, type LoadState } from '../../api'
import type { ToolSummary } from '../../domain/summary'
import { ErrorState, LoadingState } from '../../components/ui/states'

export interface LoadBannerProps {
  state: LoadState<ToolSummary>
  cancel: () => void
  resume: () => void
  reload: () => void
}

const num = (n: number) => n.toLocaleString('en-US')

/**
 * What the load is doing and whether the figures are complete: progress with a cancel, the wait
 * a server asked for, an incomplete load (never shown as complete) with Resume, and warnings.
 */
export function LoadBanner({ state, cancel, resume, reload }: LoadBannerProps) {
  const total = state.totalRuns
  const progress = total === null ? null : { done: state.loadedRuns, total }
  const warnings: string[] = []
  if (state.duplicates > 0) {
    warnings.push(
      `The server sent ${num(state.duplicates)} run(s) on more than one page; each was counted once.`,
    )
  }
  const unknown = state.summary
  if (unknown.unknownRefusalCodes.length > 0) {
    warnings.push(
      `Refusal codes this dashboard does not know yet are counted under their own names: ${unknown.unknownRefusalCodes.join(', ')}.`,
    )
  }
  if (unknown.unknownStepKinds.length > 0) {
    warnings.push(`Unknown step kinds were seen: ${unknown.unknownStepKinds.join(', ')}.`)
  }
  if (unknown.unknownRunStatuses.length > 0) {
    warnings.push(`Unknown run statuses were seen: ${unknown.unknownRunStatuses.join(', ')}.`)
  }
  return (
    <>
      {state.status === 'loading' ? (
        <LoadingState
          label="Loading runs"
          progress={progress}
          action={
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          }
        />
      ) : null}
      {state.status === 'waiting' ? (
        <LoadingState
          label={`The server asked us to wait; continuing in ${Math.ceil((state.waitMs ?? 0) / 1000)} s`}
          progress={progress}
          action={
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          }
        />
      ) : null}
      {state.status === 'cancelled' ? (
        <div className="state state--partial" role="status">
          <strong>
            Incomplete: {num(state.loadedRuns)} of {total === null ? '?' : num(total)} runs
          </strong>
          <span>Loading was cancelled; the figures below count only the runs loaded so far.</span>
          <button type="button" onClick={resume}>
            Resume
          </button>
        </div>
      ) : null}
      {state.status === 'partial' ? (
        <ErrorState
          title={`Incomplete: ${num(state.loadedRuns)} of ${total === null ? '?' : num(total)} runs`}
          message={`${describeApiError(state.error)} The figures below count only the runs loaded so far.`}
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
