import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react'
import type { LoadState } from './loading/load-all-runs'
import { RunSummaryStore, type SummaryRequest } from './loading/run-summary-store'

export const RunSummaryStoreContext = createContext<RunSummaryStore | null>(null)

export interface RunSummary<S> {
  state: LoadState<S> | null
  cancel: () => void
  resume: () => void
  reload: () => void
}

/** The app's store of folded summaries (and runner of one-off loads such as exports). */
export function useRunSummaryStore(): RunSummaryStore {
  const store = useContext(RunSummaryStoreContext)
  if (!store) throw new Error('useRunSummaryStore needs a RunSummaryStoreContext provider')
  return store
}

/**
 * The folded summary for `key` (a string made from the parsed filters), loading it when needed.
 * Pass `request: null` while what the key depends on (meta, catalogue) is still loading.
 */
export function useRunSummary<S>(key: string, request: SummaryRequest<S> | null): RunSummary<S> {
  const store = useRunSummaryStore()
  const state = useSyncExternalStore(
    store.subscribe,
    () => store.get<S>(key),
    () => null,
  )
  useEffect(() => {
    if (!request) return
    store.watch(key, request)
    return () => store.release(key)
    // The key stands for the request: a new request object with the same key is the same load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, key, request === null])
  // The figures re-render as a transition: React renders them in slices between other work,
  // so typing in a filter stays immediate while a load keeps publishing.
  // Only a newer state of the same key is deferred: other filters' figures are never shown.
  const current = useMemo(() => ({ key, state }), [key, state])
  const deferred = useDeferredValue(current)
  const shown = request && deferred.key === key ? deferred.state : request ? state : null
  const cancel = useCallback(() => store.cancel(key), [store, key])
  const resume = useCallback(() => store.resume(key), [store, key])
  const reload = useCallback(() => store.reload(key), [store, key])
  // One object while nothing changed, so pages can memoise (and defer) what they build on it.
  return useMemo(() => ({ state: shown, cancel, resume, reload }), [shown, cancel, resume, reload])
}
