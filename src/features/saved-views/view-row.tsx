import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { MAX_VIEW_NAME, type SavedView } from './saved-view'
import type { ViewChange } from './use-saved-views'

export interface ViewRowProps {
  view: SavedView
  /** The page's name, shown beside views of other pages; null for this page's own. */
  pageLabel: string | null
  onOpen: () => void
  onRename: (name: string) => ViewChange
  onDelete: () => void
  onMessage: (message: string) => void
}

/** One saved view: a link that opens it, Rename (in place) and Delete. */
export function ViewRow({ view, pageLabel, onOpen, onRename, onDelete, onMessage }: ViewRowProps) {
  const id = useId()
  const [renaming, setRenaming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const renameButton = useRef<HTMLButtonElement>(null)
  const wasRenaming = useRef(false)
  useEffect(() => {
    if (renaming) input.current?.focus()
    else if (wasRenaming.current) renameButton.current?.focus()
    wasRenaming.current = renaming
  }, [renaming])

  if (renaming) {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const name = new FormData(event.currentTarget).get('name')
      const result = onRename(typeof name === 'string' ? name : '')
      if (!result.ok) return setProblem(result.message)
      setProblem(null)
      setRenaming(false)
      onMessage(result.message)
    }
    return (
      <li className="saved-views__row">
        <form className="saved-views__form" onSubmit={submit}>
          <label htmlFor={`${id}-name`}>New name for “{view.name}”</label>
          <input
            ref={input}
            id={`${id}-name`}
            name="name"
            defaultValue={view.name}
            maxLength={MAX_VIEW_NAME}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return
              event.stopPropagation()
              setProblem(null)
              setRenaming(false)
            }}
          />
          <button type="submit">Save name</button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
          {problem ? (
            <p id={`${id}-problem`} className="saved-views__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      </li>
    )
  }
  return (
    <li className="saved-views__row">
      <Link to={view.path} search={view.search} className="saved-views__name" onClick={onOpen}>
        {view.name}
      </Link>
      {pageLabel ? <span className="tag">{pageLabel}</span> : null}
      <span className="saved-views__actions">
        <button
          type="button"
          ref={renameButton}
          aria-label={`Rename “${view.name}”`}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button type="button" aria-label={`Delete “${view.name}”`} onClick={onDelete}>
          Delete
        </button>
      </span>
    </li>
  )
}
