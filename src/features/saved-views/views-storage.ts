import {
  SAVED_VIEWS_KEY,
  parseStoredViews,
  storedText,
  type SavedView,
  type StoredViews,
} from './saved-view'

/** Why a write did not happen, in words a person can act on. */
export type WriteProblem = 'full' | 'blocked'

/** localStorage, or null where the browser refuses it (storage blocked for the site). */
function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

const BLOCKED: StoredViews = { views: [], state: 'blocked' }
const listeners = new Set<() => void>()
let cache: { raw: string | null; read: StoredViews } | null = null

/** The views stored now; the same object while the stored text is unchanged. */
export function readViews(): StoredViews {
  const store = storage()
  if (store === null) return BLOCKED
  let raw: string | null
  try {
    raw = store.getItem(SAVED_VIEWS_KEY)
  } catch {
    return BLOCKED
  }
  if (cache === null || cache.raw !== raw) cache = { raw, read: parseStoredViews(raw) }
  return cache.read
}

/** Stores `views` (replacing what was there); null when stored, else why not. */
export function writeViews(views: readonly SavedView[]): WriteProblem | null {
  const store = storage()
  if (store === null) return 'blocked'
  try {
    store.setItem(SAVED_VIEWS_KEY, storedText(views))
  } catch (error) {
    // Browsers name a full storage differently (Firefox: NS_ERROR_DOM_QUOTA_REACHED, code 1014).
    const full =
      error instanceof DOMException &&
      (error.name === 'QuotaExceededError' || error.code === 22 || error.code === 1014)
    return full ? 'full' : 'blocked'
  }
  for (const listener of listeners) listener()
  return null
}

/** Calls `listener` whenever the views change, here or in another tab. */
export function subscribeViews(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SAVED_VIEWS_KEY) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
