import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { isIsoDay, type IsoDay } from '@/domain/time'

/** How long a day chosen in the browser's picker waits before it is applied. */
export const DATE_FIELD_PAUSE_MS = 600
/**
 * How long a day typed on the keyboard waits: Chrome reports a complete (but not yet meant) day
 * after each segment, so a slow typist must not see 01/05 applied on the way to 11/01.
 */
export const DATE_FIELD_TYPING_PAUSE_MS = 1500

export interface DateFieldProps {
  /** The applied day, `YYYY-MM-DD`. */
  value: IsoDay
  /** Applies a complete day; called once per day the reader settles on. */
  onCommit: (day: IsoDay) => void
  id?: string
  min?: string
  max?: string
  /** The pause before a picked day is applied while the field still has focus. */
  pauseMs?: number
  /** The same pause for a day typed on the keyboard. */
  typingPauseMs?: number
  /**
   * Why a complete day cannot be applied, in the reader's words, or null when it can. A refused
   * day is not applied: the sentence shows next to the field until the next edit.
   */
  problemOf?: (day: IsoDay) => string | null
}

/**
 * A date input that edits a draft and applies only complete days. Typing a day in Chrome reports
 * every keystroke, with years 0002, 0020, 0202 on the way to 2026, and a partial field as ''.
 * Such a value never leaves the field: a complete day (a 4-digit year from 1000) is applied on
 * Enter, on leaving the field, or after a pause (short for a picker choice, longer while typing).
 * Escape and leaving the field with a partial day bring back the applied one. A new applied day
 * (Back, a preset) replaces the draft unless the reader is in the middle of changing it.
 */
export function DateField({
  value,
  onCommit,
  id,
  min,
  max,
  pauseMs = DATE_FIELD_PAUSE_MS,
  typingPauseMs = DATE_FIELD_TYPING_PAUSE_MS,
  problemOf,
}: DateFieldProps) {
  const problemId = useId()
  // Why the last complete day was not applied; cleared by the next edit or a new applied day.
  const [problem, setProblem] = useState<string | null>(null)
  const [draft, setDraft] = useState(value)
  const [applied, setApplied] = useState(value)
  const [editing, setEditing] = useState(false)
  // The day last handed to onCommit in this edit, so it is not applied twice.
  const [requested, setRequested] = useState<IsoDay | null>(null)

  if (value !== applied) {
    setApplied(value)
    setRequested(null)
    setProblem(null)
    const untouched = draft === applied || draft === requested
    if (!editing || untouched) setDraft(value)
  }

  // A pending commit runs after later renders; it must see their value and callback.
  const latest = useRef({ value, requested, onCommit, problemOf })
  useLayoutEffect(() => {
    latest.current = { value, requested, onCommit, problemOf }
  })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // True while a key is down in the field: a change then was typed, not picked.
  const typed = useRef(false)
  const cancel = () => {
    clearTimeout(timer.current)
    timer.current = undefined
  }
  useEffect(() => cancel, [])

  /** Applies `day` if it is complete and new; true when it was handed on. */
  const commit = (day: string): boolean => {
    cancel()
    const now = latest.current
    if (!isIsoDay(day) || day === now.value || day === now.requested) return false
    const refused = now.problemOf?.(day) ?? null
    setProblem(refused)
    if (refused !== null) return false
    latest.current = { ...now, requested: day }
    setRequested(day)
    now.onCommit(day)
    return true
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit(draft)
    else if (e.key === 'Escape') {
      setProblem(null)
      if (draft === value) return
      cancel()
      setDraft(value)
    } else typed.current = true
  }

  return (
    <>
      <input
        id={id}
        type="date"
        value={draft}
        min={min}
        max={max}
        aria-invalid={problem !== null ? true : undefined}
        aria-describedby={problem !== null ? problemId : undefined}
        onFocus={() => setEditing(true)}
        onChange={(e) => {
          const next = e.target.value
          setDraft(next)
          setProblem(null)
          cancel()
          const pause = typed.current ? typingPauseMs : pauseMs
          if (isIsoDay(next)) timer.current = setTimeout(() => commit(next), pause)
        }}
        onKeyDown={onKeyDown}
        onKeyUp={() => {
          typed.current = false
        }}
        onBlur={() => {
          setEditing(false)
          // A partial day, or one already handed on, gives way to the applied day.
          if (!commit(draft)) setDraft(value)
          setRequested(null)
          latest.current = { ...latest.current, requested: null }
        }}
      />
      {problem !== null ? (
        <span id={problemId} className="date-field__problem" role="alert">
          {problem}
        </span>
      ) : null}
    </>
  )
}
