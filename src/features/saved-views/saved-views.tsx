import { useLocation, useSearch } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import type { UrlSearch } from '@/domain/filters'
import type { SavedView } from './saved-view'
import { SaveViewForm } from './save-view-form'
import { useSavedViews } from './use-saved-views'
import { ViewRow } from './view-row'
import './saved-views.css'

export interface SavedViewsProps {
  /** The pages a view may be of, in the navigation's order, with their names. */
  pages: readonly { to: string; label: string }[]
}

const KEEPS =
  'A view keeps this page’s filters and sorting as the address shows them, in this browser only.'
const KEEPS_CHECKER = `${KEEPS} Arguments typed in the playground are not kept.`

/** A path without its trailing slash (`/tools/` is `/tools`). */
const pagePath = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname

/**
 * "Save view" and "Views" for the page: saves the page's URL search (the keys a view may keep)
 * under a name in this browser, lists every page's views (this page's first, others named by
 * their page), opens, renames and deletes them. Nothing on a page that is not in `pages`.
 */
export function SavedViews({ pages }: SavedViewsProps) {
  const id = useId()
  const path = pagePath(useLocation({ select: (l) => l.pathname }))
  const search = useSearch({ strict: false }) as UrlSearch
  const { stored, save, rename, remove } = useSavedViews()
  const [open, setOpen] = useState<'save' | 'list' | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const saveButton = useRef<HTMLButtonElement>(null)
  const viewsButton = useRef<HTMLButtonElement>(null)

  const page = pages.find((p) => p.to === path)
  if (!page) return null
  const labelOf = new Map(pages.map((p) => [p.to, p.label]))
  const known = stored.views.filter((v) => labelOf.has(v.path))
  const order = (v: SavedView) => pages.findIndex((p) => p.to === v.path)
  const views = [
    ...known.filter((v) => v.path === path),
    ...known.filter((v) => v.path !== path).sort((a, b) => order(a) - order(b)),
  ]
  const toggle = (what: 'save' | 'list') => {
    setMessage(null)
    setOpen(open === what ? null : what)
  }

  return (
    <div className="saved-views" role="group" aria-label="Saved views">
      <div className="saved-views__bar">
        <button
          type="button"
          ref={saveButton}
          aria-expanded={open === 'save'}
          aria-controls={`${id}-panel`}
          onClick={() => toggle('save')}
        >
          Save view
        </button>
        <button
          type="button"
          ref={viewsButton}
          aria-expanded={open === 'list'}
          aria-controls={`${id}-panel`}
          onClick={() => toggle('list')}
        >
          Views ({known.length})
        </button>
        <p className="saved-views__message" role="status">
          {message}
        </p>
      </div>
      <div id={`${id}-panel`} ref={list} tabIndex={-1} className="saved-views__panel">
        {open === 'save' ? (
          <SaveViewForm
            keeps={path === '/checker' ? KEEPS_CHECKER : KEEPS}
            onSave={(name) => save(path, name, search)}
            onClose={(done) => {
              setOpen(null)
              setMessage(done)
              saveButton.current?.focus()
            }}
          />
        ) : null}
        {open === 'list' ? (
          <>
            {stored.state === 'blocked' ? (
              <p className="saved-views__problem">
                This browser does not let the dashboard read its storage (blocked for this site): no
                saved views can be shown or kept.
              </p>
            ) : null}
            {stored.state === 'ignored' ? (
              <p className="muted saved-views__note">
                Some of what this browser had stored under saved views could not be read and is left
                out.
              </p>
            ) : null}
            {views.length === 0 ? (
              <p className="muted saved-views__note">
                No saved views yet. “Save view” keeps this page’s filters under a name.
              </p>
            ) : (
              <ul className="saved-views__list" aria-label="Saved views">
                {views.map((view) => (
                  <ViewRow
                    key={view.id}
                    view={view}
                    pageLabel={view.path === path ? null : (labelOf.get(view.path) ?? null)}
                    onOpen={() => {
                      setOpen(null)
                      // Another page moves focus to its heading; on this one the link is gone.
                      if (view.path === path) viewsButton.current?.focus()
                    }}
                    onRename={(name) => rename(view.id, name)}
                    onMessage={setMessage}
                    onDelete={() => {
                      setMessage(remove(view.id).message)
                      list.current?.focus()
                    }}
                  />
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </div>
  )
}
