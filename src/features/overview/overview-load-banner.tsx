import { describeApiError, isNotImplemented, type FoldedSummary } from '@/api'
import { LoadBanner } from '@/components/ui/load-banner'
import { LoadingState } from '@/components/ui/states'

export interface OverviewLoadBannerProps {
  /** What is loading, e.g. "Loading the runs of both windows". */
  label: string
  summary: FoldedSummary<unknown>
  /**
   * The line that replaces the banner once the load is complete, e.g. "All 1,234 runs loaded";
   * `counted` when the installation counted them (`/summary`, `/effect`) rather than this browser.
   * Given, the banner keeps its place (a slot as high as the loading state), so what is below
   * does not jump up when loading ends; without it, a finished load shows nothing. A finished
   * load with runs sent twice keeps its notice instead.
   */
  done?: (loadedRuns: number, counted: boolean) => string
}

/** The shared load banner for one of the overview's loads; a spinner before it starts. */
export function OverviewLoadBanner({ label, summary, done }: OverviewLoadBannerProps) {
  // The live state: the banner never waits for the figures below it to redraw.
  const state = summary.live
  const banner =
    state === null ? (
      <LoadingState label={label} />
    ) : (
      <LoadBanner
        state={state}
        loadingLabel={label}
        partialNote="the figures below count only the runs loaded so far"
        errorTitle="The runs could not be loaded"
        errorMessage={describeApiError(state.error)}
        retryable={!isNotImplemented(state.error)}
        cancel={summary.cancel}
        resume={summary.resume}
        reload={summary.reload}
      />
    )
  if (done === undefined) return banner
  if (state?.status !== 'done' || state.duplicates > 0)
    return <div className="ov-load">{banner}</div>
  const runs = state.loadedRuns
  return (
    <div className="ov-load">
      <p className="ov-load__done muted">{done(runs, state.counted === 'server')}</p>
      {/* An invisible box like the loading state's (a line with a button) keeps the slot's height. */}
      <div className="state ov-load__ghost" aria-hidden="true">
        <button type="button" tabIndex={-1}>
          Cancel
        </button>
      </div>
    </div>
  )
}
