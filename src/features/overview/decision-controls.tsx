import { useId } from 'react'
import { DateField } from '@/components/filters/date-field'
import { WINDOW_OPTIONS, type Decision, type EffectWindows } from '@/domain/effect'
import { dayOf } from '@/domain/time'
import { days, formatWhen } from './format'

export interface EffectParamsChange {
  /** A day `YYYY-MM-DD`, or null to go back to the installation's date. */
  since?: string | null
  window?: number
}

export interface DecisionControlsProps {
  decision: Decision
  windows: EffectWindows
  windowDays: number
  zone: string
  onChange: (change: EffectParamsChange) => void
}

const SOURCE_TEXT: Record<Decision['source'], string> = {
  url: 'set in this link (since=)',
  meta: 'when the argument check went live (/meta)',
  'first-refusal': 'the first refused call in the data (/meta names no date)',
}

/** How much one side compares: its days, or that nothing was recorded there. */
function sideText(windows: EffectWindows, side: 'before' | 'after'): string {
  const empty = windows.emptySide === side || windows.emptySide === 'both'
  return empty ? 'no recorded data' : days(windows.lengthMs)
}

/** The decision date with where it came from, an override, and the window length. */
export function DecisionControls({
  decision,
  windows,
  windowDays,
  zone,
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
        {SOURCE_TEXT[decision.source]}. Compared: {sideText(windows, 'before')} before against{' '}
        {sideText(windows, 'after')} after
        {windows.bounded ? `, cut from ${windowDays} days to the recorded data` : ''}.
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
