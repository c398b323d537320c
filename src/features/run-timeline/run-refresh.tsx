import { useId, useLayoutEffect, useRef } from 'react'
import { describeApiError } from '@/api'
import type { Run } from '@/domain/contract'
import { isRunGoing, runStatusLabel } from '@/domain/runs'
import { formatInstant } from '@/domain/time'
import './run-refresh.css'

/** The intervals a person may pick, in seconds; the first render offers {@link DEFAULT_REFRESH_S}. */
export const REFRESH_CHOICES_S = [5, 10, 30] as const
export const DEFAULT_REFRESH_S = 10

/** The refresh a person chose on this page: off, or every `everyS` seconds. */
export interface RefreshChoice {
  on: boolean
  everyS: number
}

export interface RunRefreshProps {
  run: Pick<Run, 'status' | 'finishedAt'>
  choice: RefreshChoice
  onChange: (choice: RefreshChoice) => void
  /** When the shown run was answered (epoch ms); 0 when unknown. */
  updatedAt: number
  /** A request for the run is under way. */
  fetching: boolean
  /** Why the last refresh failed while the run shown is the last good answer; null when it did not. */
  error: unknown
  zone: string
}

/** HH:MM:SS of an instant in `zone`; '' when unknown. */
const clockTime = (ms: number, zone: string): string =>
  ms > 0 ? formatInstant(ms, zone).slice(11, 19) : ''

/**
 * "Refresh every N s" for a run that is still going: off until the person turns it on, then
 * the run is asked again at that interval (`useRun`'s `refreshMs`) until an answer shows it
 * finished, which it then says. Shows when the run shown was answered, in the page's zone, and a
 * refresh that failed (the run stays as last answered). Nothing for a run that had finished
 * when the page opened.
 */
export function RunRefresh({
  run,
  choice,
  onChange,
  updatedAt,
  fetching,
  error,
  zone,
}: RunRefreshProps) {
  const id = useId()
  const going = isRunGoing(run)
  const stoppedNote = useRef<HTMLParagraphElement>(null)
  const focusInside = useRef(false)
  // The controls go when the run finishes; focus on them moves to the sentence saying so.
  useLayoutEffect(() => {
    const active = document.activeElement
    if (!going && focusInside.current && (active === null || active === document.body)) {
      stoppedNote.current?.focus()
    }
  }, [going])

  if (!going && !choice.on) return null
  const updated = clockTime(updatedAt, zone)
  return (
    <div
      className="run-refresh"
      role="group"
      aria-label="Automatic refresh"
      onFocus={() => (focusInside.current = true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) focusInside.current = false
      }}
    >
      {going ? (
        <span className="run-refresh__controls">
          <input
            type="checkbox"
            id={`${id}-on`}
            checked={choice.on}
            // The interval belongs in the name: "Refresh every 10 s", not just "Refresh every".
            aria-label={`Refresh every ${choice.everyS} s`}
            onChange={(event) => onChange({ ...choice, on: event.currentTarget.checked })}
          />
          <label htmlFor={`${id}-on`}>Refresh every</label>
          <select
            aria-label="Seconds between refreshes"
            value={choice.everyS}
            onChange={(event) => onChange({ ...choice, everyS: Number(event.currentTarget.value) })}
          >
            {REFRESH_CHOICES_S.map((s) => (
              <option key={s} value={s}>
                {s} s
              </option>
            ))}
          </select>
        </span>
      ) : null}
      {updated ? (
        <span className="muted">
          Last updated <time dateTime={new Date(updatedAt).toISOString()}>{updated}</time>
          {fetching && choice.on && going ? ' · refreshing…' : null}
        </span>
      ) : null}
      <div className="run-refresh__news" role="status">
        {going ? null : (
          <p ref={stoppedNote} tabIndex={-1}>
            The run has finished ({runStatusLabel(run.status)}): automatic refresh stopped.
          </p>
        )}
        {error ? (
          <p className="run-refresh__failed">
            The last refresh failed: {describeApiError(error)} The run below is as it was at{' '}
            {updated || 'its last answer'}
            {choice.on && going ? `; trying again in ${choice.everyS} s.` : '.'}
          </p>
        ) : null}
      </div>
    </div>
  )
}
