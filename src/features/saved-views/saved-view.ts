import { z } from '@/domain/zod'
import { viewSearch } from './view-search'

/** The localStorage key of the saved views (listed in test/e2e/csp.e2e.ts as allowed). */
export const SAVED_VIEWS_KEY = 'run-diagnostics.saved-views'
/** The most views a browser keeps, and the longest name. */
export const MAX_VIEWS = 50
export const MAX_VIEW_NAME = 80

/** One view as stored; `search` is checked apart, by {@link viewSearch}. */
const storedView = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(MAX_VIEW_NAME),
  path: z.string().regex(/^\/[a-z-]*$/),
  search: z.unknown(),
  savedAt: z.number().finite(),
})

const storedViews = z.object({ version: z.literal(1), views: z.array(z.unknown()) })

export type SavedView = Omit<z.infer<typeof storedView>, 'search'> & {
  search: ReturnType<typeof viewSearch>
}

/** What storage held: the views that were readable, and whether anything was set aside. */
export interface StoredViews {
  views: SavedView[]
  /** `ignored`: the value (or some views in it) was not ours or damaged and was left out. */
  state: 'ok' | 'empty' | 'ignored' | 'blocked'
}

/**
 * The views in a stored value (the text of {@link SAVED_VIEWS_KEY}). Never throws: null is no
 * views; text that is not JSON, of another shape or version gives no views and `ignored`; a view
 * that does not fit is left out (also `ignored`), as is every search key or value a view may not
 * keep. Names stay as typed (they are rendered as text).
 */
export function parseStoredViews(raw: string | null): StoredViews {
  if (raw === null) return { views: [], state: 'empty' }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { views: [], state: 'ignored' }
  }
  const stored = storedViews.safeParse(json)
  if (!stored.success) return { views: [], state: 'ignored' }
  const views: SavedView[] = []
  const ids = new Set<string>()
  for (const item of stored.data.views.slice(0, MAX_VIEWS)) {
    const view = storedView.safeParse(item)
    if (!view.success || ids.has(view.data.id)) continue
    ids.add(view.data.id)
    views.push({ ...view.data, search: viewSearch(view.data.search) })
  }
  const complete = views.length === stored.data.views.length
  return { views, state: complete ? 'ok' : 'ignored' }
}

/** The stored text of `views`. */
export const storedText = (views: readonly SavedView[]): string =>
  JSON.stringify({ version: 1, views })
