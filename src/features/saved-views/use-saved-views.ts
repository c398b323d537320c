import { useCallback, useSyncExternalStore } from 'react'
import type { UrlSearch } from '@/domain/filters'
import { MAX_VIEWS, MAX_VIEW_NAME, type SavedView, type StoredViews } from './saved-view'
import { viewSearch } from './view-search'
import { readViews, subscribeViews, writeViews } from './views-storage'

const SERVER_SNAPSHOT: StoredViews = { views: [], state: 'empty' }

/** What a change did, as the sentence the page shows; `ok` false when nothing changed. */
export interface ViewChange {
  ok: boolean
  message: string
}

const PROBLEM = {
  full: 'This browser’s storage for the dashboard is full, so nothing was saved. Delete a saved view (or clear the site’s data) and try again.',
  blocked:
    'This browser does not let the dashboard store anything (storage is blocked for this site), so views cannot be saved here.',
} as const

const sameName = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

/** A name as typed, trimmed; the sentence saying why it cannot be used, or null when it can. */
function nameProblem(name: string): string | null {
  if (name === '') return 'Give the view a name.'
  if (name.length > MAX_VIEW_NAME) return `A name may have at most ${MAX_VIEW_NAME} characters.`
  return null
}

/**
 * The views saved in this browser (every page's) and the changes a person makes to them. Each
 * change writes storage at once; another tab's change shows here too.
 */
export function useSavedViews() {
  const stored = useSyncExternalStore(subscribeViews, readViews, () => SERVER_SNAPSHOT)

  const commit = useCallback((views: SavedView[], done: string): ViewChange => {
    const problem = writeViews(views)
    return problem === null ? { ok: true, message: done } : { ok: false, message: PROBLEM[problem] }
  }, [])

  /** Saves `search` of page `path` as `name`; a view of that page with the same name is replaced. */
  const save = useCallback(
    (path: string, rawName: string, search: UrlSearch): ViewChange => {
      const name = rawName.trim()
      const problem = nameProblem(name)
      if (problem !== null) return { ok: false, message: problem }
      const views = readViews().views
      const same = views.find((v) => v.path === path && sameName(v.name, name))
      const view: SavedView = {
        id: same?.id ?? newId(),
        name,
        path,
        search: viewSearch(search),
        savedAt: Date.now(),
      }
      if (same)
        return commit(
          views.map((v) => (v === same ? view : v)),
          `Updated the view “${name}”.`,
        )
      if (views.length >= MAX_VIEWS) {
        return {
          ok: false,
          message: `This browser keeps at most ${MAX_VIEWS} views: delete one to save another.`,
        }
      }
      return commit([...views, view], `Saved the view “${name}”.`)
    },
    [commit],
  )

  const rename = useCallback(
    (id: string, rawName: string): ViewChange => {
      const name = rawName.trim()
      const problem = nameProblem(name)
      if (problem !== null) return { ok: false, message: problem }
      const views = readViews().views
      const view = views.find((v) => v.id === id)
      if (!view) return { ok: false, message: 'That view is no longer saved.' }
      if (views.some((v) => v.id !== id && v.path === view.path && sameName(v.name, name))) {
        return { ok: false, message: `Another view of this page is called “${name}”.` }
      }
      return commit(
        views.map((v) => (v.id === id ? { ...v, name } : v)),
        `Renamed “${view.name}” to “${name}”.`,
      )
    },
    [commit],
  )

  const remove = useCallback(
    (id: string): ViewChange => {
      const views = readViews().views
      const view = views.find((v) => v.id === id)
      if (!view) return { ok: false, message: 'That view is no longer saved.' }
      return commit(
        views.filter((v) => v.id !== id),
        `Deleted the view “${view.name}”.`,
      )
    },
    [commit],
  )

  return { stored, save, rename, remove }
}
