import { useId } from 'react'
import { DateField } from '@/components/filters/date-field'
import { WINDOW_OPTIONS, type Decision, type EffectWindows } from '@/domain/effect'
import { dayOf } from '@/domain/time'
import { days, formatWhen } from './format'

export interface EffectParamsChange {
  /** A day `YYYY-MM-DD`, or null to go back to the installation's date. */
  since?: string | null
  window?: number
  /** The date range that holds the windows asked for, written with them. */
  range?: { from: string; to: string }
}

export interface DecisionControlsProps {
  decision: Decision
  windows: EffectWindows
  windowDays: number
  zone: string
  /** The windows as the data alone bounds them (what was asked for); `windows` when absent. */
  requested?: EffectWindows
  onChange: (change: EffectParamsChange) => void
}

const SOURCE_TEXT: Record<Decision['source'], string> = {
  url: 'set in this link (since=)',
  meta: 'when the argument check went live (/meta)',
  'first-refusal': 'the first refused call in the data (/meta names no date)',
}

const isEmpty = (windows: EffectWindows, side: 'before' | 'after') =>
  windows.emptySide === side || windows.emptySide === 'both'

/** How much one side compares: its days, or why it compares nothing. */
function sideText(windows: EffectWindows, requested: EffectWindows, side: 'before' | 'after') {
  if (!isEmpty(windows, side)) return days(windows.lengthMs)
  return isEmpty(requested, side) ? 'no recorded data' : 'nothing in the date range'
}

/** Why the windows are shorter than asked for, if they are. */
function cutText(windows: EffectWindows, requested: EffectWindows, windowDays: number): string {
  if (windows.emptySide === 'both') return ''
  if (windows.lengthMs < requested.lengthMs)
    return `, cut from ${windowDays} days to the date range`
  return requested.bounded ? `, cut from ${windowDays} days to the recorded data` : ''
}

/** The decision date with where it came from, an override, and the window length. */
export function DecisionControls({
  decision,
  windows,
  windowDays,
  zone,
  requested = windows,
  onChange,
}: DecisionControlsProps) {
  const id = useId()
  const options = (WINDOW_OPTIONS as readonly number[]).includes(windowDays)
    ? WINDOW_OPTIONS
    : [...WINDOW_OPTIONS, windowDays].sort((a, b) => a - b)
  return (
    <section className="ov-decision" aria-label="Decision date and windows">
      <p>
        Decision date <strong>{formatWhen(decision.ms, zone)}</strong>:{' '}
        {SOURCE_TEXT[decision.source]}. Compared: {sideText(windows, requested, 'before')} before
        against {sideText(windows, requested, 'after')} after
        {cutText(windows, requested, windowDays)}.
      </p>
      <div className="ov-decision__row">
        <label htmlFor={`${id}-since`}>Decision day</label>
        <DateField
          id={`${id}-since`}
          value={dayOf(decision.ms, zone)}
          onCommit={(since) => onChange({ since })}
        />
        {decision.source === 'url' ? (
          <button type="button" onClick={() => onChange({ since: null })}>
            Use the installation&apos;s date
          </button>
        ) : null}
        <label htmlFor={`${id}-window`}>Window on each side</label>
        <select
          id={`${id}-window`}
          value={windowDays}
          onChange={(e) => onChange({ window: Number(e.target.value) })}
        >
          {options.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </select>
      </div>
    </section>
  )
}
