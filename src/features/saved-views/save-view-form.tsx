import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { MAX_VIEW_NAME } from './saved-view'
import type { ViewChange } from './use-saved-views'

export interface SaveViewFormProps {
  /** What the view keeps, in one sentence for this page. */
  keeps: string
  onSave: (name: string) => ViewChange
  onClose: (message: string | null) => void
}

/** The name field of "Save view": Enter saves, Esc or Cancel closes without saving. */
export function SaveViewForm({ keeps, onSave, onClose }: SaveViewFormProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => input.current?.focus(), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = onSave(name)
    if (result.ok) onClose(result.message)
    else setProblem(result.message)
  }
  return (
    <form className="saved-views__form" onSubmit={submit}>
      <label htmlFor={`${id}-name`}>Name of the view</label>
      <input
        ref={input}
        id={`${id}-name`}
        value={name}
        maxLength={MAX_VIEW_NAME}
        autoComplete="off"
        aria-describedby={`${id}-keeps${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return
          event.stopPropagation()
          onClose(null)
        }}
      />
      <button type="submit">Save</button>
      <button type="button" onClick={() => onClose(null)}>
        Cancel
      </button>
      <p id={`${id}-keeps`} className="muted saved-views__note">
        {keeps}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="saved-views__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
