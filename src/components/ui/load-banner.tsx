import { useLayoutEffect, useRef, type FocusEvent } from 'react'
import { DuplicatesNotice } from './duplicates-notice'
import { ErrorState, LoadingState } from './states'
import { formatCount } from './format-count'

/** What a banner needs to know of a paged load (a structural view of the api's LoadState). */
export interface LoadProgress {
  status: 'loading' | 'waiting' | 'done' | 'partial' | 'cancelled' | 'error'
  loadedRuns: number
  totalRuns: number | null
  waitMs: number | null
  duplicates: number
  /** `server`: the installation's database counted it (pre-aggregated `/summary`). */
  counted?: 'server'
  /** While `waiting` for a server's first count of the installation: the share done, if said. */
  counting?: number | null
  /** Why the runs are folded in this browser rather than counted by the server. */
  foldedHere?: string
}

export interface LoadBannerProps {
  state: LoadProgress
  /** While loading, e.g. "Loading runs". */
  loadingLabel: string
  /** What an incomplete load leaves below, e.g. "the figures below count only the runs loaded so far". */
  partialNote: string
  /** Heading of a load that failed before its first page. */
  errorTitle: string
  /** The failure in words (the caller's describeApiError), shown for partial and error. */
  errorMessage: string
  /** False when asking again cannot help (a server that does not implement it): no Retry. */
  retryable?: boolean
  /** More lines to show under the banner (unknown values seen, …). */
  warnings?: readonly string[]
  cancel: () => void
  resume: () => void
  reload: () => void
}

const num = formatCount

/** "The server is counting this installation: 41 %", or without the share when none was said. */
const countingLabel = (share: number | null): string =>
  `The server is counting this installation${share === null ? '' : `: ${Math.floor(share * 100)} %`}`
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The one banner of every paged load: progress of `totalRuns` with Cancel, the wait a server
 * asked for, an incomplete load ("Incomplete: N of M runs", never shown as complete) with
 * Resume, an error with Retry, runs the server sent twice, and the caller's warnings. Nothing
 * for a finished load without warnings.
 */
export function LoadBanner(props: LoadBannerProps) {
  const { state, cancel, resume } = props
  const box = useRef<HTMLDivElement>(null)
  const hadFocus = useRef(false)
  // Cancel, Resume and Retry replace each other: the button pressed leaves the page with the
  // status it changed. Focus then moves to the button that took its place (or, when the load is
  // over and none did, to the page's heading), never to the document's start.
  useLayoutEffect(() => {
    const here = box.current
    if (!hadFocus.current || here === null || here.contains(document.activeElement)) return
    const next = here.querySelector('button') ?? document.querySelector<HTMLElement>('main h1')
    if (next === null) return
    if (!next.hasAttribute('tabindex') && next.tagName !== 'BUTTON') next.tabIndex = -1
    next.focus({ preventScroll: true })
    hadFocus.current = here.contains(next)
  }, [state.status])
  const inside = (node: EventTarget | null) => node instanceof Node && !!box.current?.contains(node)
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // A button removed with its status blurs while detached: that is not the reader leaving.
    if (event.target.isConnected) hadFocus.current = inside(event.relatedTarget)
  }
  const total = state.totalRuns
  // The server's count comes with every page: runs that started or were purged during a long
  // load can leave it below the runs already loaded. "650 of 612" would be false, a bar past its
  // end too; the count loaded is true, so it stands alone with the reason.
  const over = total !== null && state.loadedRuns > total
  const progress = total === null || over ? null : { done: state.loadedRuns, total }
  const of = over
    ? `${num(state.loadedRuns)} runs (the server counted ${num(total)}; its runs changed during the load)`
    : `${num(state.loadedRuns)} of ${total === null ? '?' : num(total)} runs`
  const withCount = (label: string) => (over ? `${label}: ${of}` : label)
  // Figures drawn from part of the runs say so while the rest loads, not only once it stopped.
  const note = state.loadedRuns > 0 ? `${sentence(props.partialNote)} (partial).` : undefined
  const cancelButton = (
    <button type="button" onClick={cancel}>
      Cancel
    </button>
  )
  const resumeButton = (
    <button type="button" onClick={resume}>
      Resume
    </button>
  )
  return (
    <div
      ref={box}
      className="load-banner"
      onFocus={() => (hadFocus.current = true)}
      onBlur={onBlur}
    >
      {state.status === 'loading' ? (
        <LoadingState
          label={withCount(props.loadingLabel)}
          progress={progress}
          note={note}
          action={cancelButton}
        />
      ) : null}
      {state.status === 'waiting' && state.counting !== undefined ? (
        <LoadingState
          label={countingLabel(state.counting)}
          note="The server counts every run once after it is installed or its state was removed; this page asks again until it is done."
          action={cancelButton}
        />
      ) : null}
      {state.status === 'waiting' && state.counting === undefined ? (
        <LoadingState
          label={withCount(
            `The server asked us to wait; continuing in ${Math.ceil((state.waitMs ?? 0) / 1000)} s`,
          )}
          progress={progress}
          note={note}
          action={cancelButton}
        />
      ) : null}
      {state.foldedHere !== undefined && state.status !== 'error' ? (
        <p className="muted">{state.foldedHere}</p>
      ) : null}
      {state.status === 'cancelled' ? (
        <div className="state state--partial" role="status">
          <strong>Incomplete: {of}</strong>
          <span>Loading was cancelled; {props.partialNote}.</span>
          {resumeButton}
        </div>
      ) : null}
      {state.status === 'partial' ? (
        <ErrorState
          title={`Incomplete: ${of}`}
          message={`${props.errorMessage} ${sentence(props.partialNote)}.`}
        >
          {resumeButton}
        </ErrorState>
      ) : null}
      {state.status === 'error' ? (
        <ErrorState
          title={props.errorTitle}
          message={props.errorMessage}
          onRetry={props.retryable === false ? undefined : props.reload}
        />
      ) : null}
      {state.status === 'done' && state.counted === 'server' ? (
        <p className="muted">
          Counted by the installation from its run records ({num(state.loadedRuns)} runs), not
          folded in this browser.
        </p>
      ) : null}
      <DuplicatesNotice count={state.duplicates} />
      {props.warnings && props.warnings.length > 0 ? (
        <ul className="warnings" role="status">
          {props.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
