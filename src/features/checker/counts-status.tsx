import { describeApiError, type RunSummary } from '../../api'
import { DuplicatesNotice } from '../../components/ui/duplicates-notice'
import { ErrorState, LoadingState } from '../../components/ui/states'
import type { ToolSummary } from '../../domain/summary'

const num = (n: number) => n.toLocaleString('en-US')

/**
 * The load of the calls counted next to each tool: progress with Cancel, the wait a server
 * asked for, an incomplete load (never shown as complete) with Resume, or an error with Retry.
 */
export function CountsStatus({ summary }: { summary: RunSummary<ToolSummary> }) {
  return (
    <>
      <StatusLine summary={summary} />
      <DuplicatesNotice count={summary.state?.duplicates ?? 0} />
    </>
  )
}

function StatusLine({ summary }: { summary: RunSummary<ToolSummary> }) {
  const { state } = summary
  if (state === null) return <LoadingState label="Loading the calls of each tool" />
  const total = state.totalRuns
  const progress = total === null ? null : { done: state.loadedRuns, total }
  const of = `${num(state.loadedRuns)} of ${total === null ? '?' : num(total)} runs`
  switch (state.status) {
    case 'loading':
    case 'waiting':
      return (
        <LoadingState
          label={
            state.status === 'waiting'
              ? `The server asked us to wait; continuing in ${Math.ceil((state.waitMs ?? 0) / 1000)} s`
              : 'Loading the calls of each tool'
          }
          progress={progress}
          action={
            <button type="button" onClick={summary.cancel}>
              Cancel
            </button>
          }
        />
      )
    case 'cancelled':
      return (
        <div className="state state--partial" role="status">
          <strong>Incomplete: {of}</strong>
          <span>Loading was cancelled; the calls shown count only the runs loaded so far.</span>
          <button type="button" onClick={summary.resume}>
            Resume
          </button>
        </div>
      )
    case 'partial':
      return (
        <ErrorState
          title={`Incomplete: ${of}`}
          message={`${describeApiError(state.error)} The calls shown count only the runs loaded so far.`}
        >
          <button type="button" onClick={summary.resume}>
            Resume
          </button>
        </ErrorState>
      )
    case 'error':
      return (
        <ErrorState
          title="The calls of each tool could not be loaded"
          message={`${describeApiError(state.error)} The catalogue below is complete; only its counts are missing.`}
          onRetry={summary.reload}
        />
      )
    default:
      return null
  }
}
