import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { runIdOf, type RunInput } from '@/domain/links'
import './runs.css'

const PROBLEMS: Partial<Record<RunInput['kind'], string>> = {
  empty: 'Paste or type a run id first.',
  'not-a-run-link':
    "That link is not a run's page: a run's link ends in /runs/ and its id. Paste the run's id or its link.",
}

export interface GoToRunProps {
  /** The list's search, carried to the run page so its "Back" returns to this list. */
  linkSearch: Record<string, string | string[]>
}

/**
 * Opens one run by its id: a pasted id or a link to its page (white space around it dropped).
 * An id the installation does not know lands on the run page's "not found", which says so; a
 * link to any other page is refused here, with why.
 */
export function GoToRun({ linkSearch }: GoToRunProps) {
  const navigate = useNavigate()
  const id = useId()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = runIdOf(text)
    setProblem(PROBLEMS[input.kind] ?? null)
    if (input.kind === 'run')
      void navigate({ to: '/runs/$uuid', params: { uuid: input.uuid }, search: linkSearch })
  }

  return (
    <form className="go-to-run" role="search" aria-label="Go to a run" onSubmit={submit}>
      <label htmlFor={`${id}-uuid`}>Go to run</label>
      <input
        id={`${id}-uuid`}
        type="text"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setProblem(null)
        }}
        placeholder="run id or link"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint ${id}-problem`}
        aria-invalid={problem !== null || undefined}
      />
      <button type="submit">Open run</button>
      <span id={`${id}-hint`} className="muted">
        A run id, or a link to its page.
      </span>
      <span id={`${id}-problem`} className="go-to-run__problem" aria-live="polite">
        {problem ?? ''}
      </span>
    </form>
  )
}
