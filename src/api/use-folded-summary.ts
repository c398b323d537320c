import {
  createContext,
  useContext,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useMemo,
  useSyncExternalStore,
} from 'react'
import type { LoadState } from './loading/load-all-runs'
import type { SummaryRequest, SummaryStore } from './loading/summary-store'
import { summaryKey } from './query-keys'

export const SummaryStoreContext = createContext<SummaryStore | null>(null)

/** A summary folded from every run of a scope, as it loads, and what the person can do to it. */
export interface FoldedSummary<S> {
  state: LoadState<S> | null
  cancel: () => void
  resume: () => void
  reload: () => void
}

/** The app's store of folded summaries (and runner of one-off loads such as exports). */
export function useSummaryStore(): SummaryStore {
  const store = useContext(SummaryStoreContext)
  if (!store) throw new Error('useSummaryStore needs a SummaryStoreContext provider')
  return store
}

/**
 * The summary `request` folds every run of its scope into, loading it when needed; cached by
 * {@link summaryKey}, so a new request object for the same scope is the same load. Pass null
 * while what the request depends on (meta, catalogue) is still loading.
 */
export function useFoldedSummary<S>(request: SummaryRequest<S> | null): FoldedSummary<S> {
  const store = useSummaryStore()
  const key = useMemo(() => (request ? summaryKey(request) : null), [request])
  const state = useSyncExternalStore(
    store.subscribe,
    () => (key === null ? null : store.get<S>(key)),
    () => null,
  )
  // Reads the latest request without making it a reason to restart: only the key is.
  const watch = useEffectEvent((watched: string) => {
    if (request) store.watch(watched, request)
  })
  useEffect(() => {
    if (key === null) return
    watch(key)
    return () => store.release(key)
  }, [store, key])
  // The figures re-render as a transition: React renders them in slices between other work,
  // so typing in a filter stays immediate while a load keeps publishing.
  // Only a newer state of the same key is deferred: other filters' figures are never shown.
  const current = useMemo(() => ({ key, state }), [key, state])
  const deferred = useDeferredValue(current)
  const shown = key === null ? null : deferred.key === key ? deferred.state : state
  const actions = useMemo(
    () => ({
      cancel: () => key !== null && store.cancel(key),
      resume: () => key !== null && store.resume(key),
      reload: () => key !== null && store.reload(key),
    }),
    [store, key],
  )
  // One object while nothing changed, so pages can memoise (and defer) what they build on it.
  return useMemo(() => ({ state: shown, ...actions }), [shown, actions])
}
