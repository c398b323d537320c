import {
  createContext,
  startTransition,
  useContext,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react'
import { hasEnded, type LoadState } from './loading/load-all-runs'
import type { SummaryRequest, SummaryStore } from './loading/summary-store'
import { summaryKey } from './query-keys'

export const SummaryStoreContext = createContext<SummaryStore | null>(null)

/** A summary folded from every run of a scope, as it loads, and what the person can do to it. */
export interface FoldedSummary<S> {
  /**
   * For the figures: the latest state the page could draw. A newer state of the same load is
   * rendered as a transition (in slices, behind input), so it may lag `live` while a big
   * report redraws.
   */
  state: LoadState<S> | null
  /** For the load's banner: the latest published state (N of M), never held back by the figures. */
  live: LoadState<S> | null
  cancel: () => void
  resume: () => void
  reload: () => void
}

/**
 * After the figures have waited this long for a render that keeps being restarted by the
 * banner's updates, the banner's updates join the figures' render instead of interrupting it.
 */
export const HOLD_AFTER_MS = 2_000
/** The longest the banner waits for the figures in one hold; then it shows its state anyway. */
export const MAX_HOLD_MS = 5_000

/** The app's store of folded summaries (and runner of one-off loads such as exports). */
export function useSummaryStore(): SummaryStore {
  const store = useContext(SummaryStoreContext)
  if (!store) throw new Error('useSummaryStore needs a SummaryStoreContext provider')
  return store
}

interface Seen<S> {
  key: string | null
  state: LoadState<S> | null
}

/**
 * The summary `request` folds every run of its scope into, loading it when needed; cached by
 * {@link summaryKey}, so a new request object for the same scope is the same load. Pass null
 * while what the request depends on (meta, catalogue) is still loading.
 *
 * Two copies of the state: `live` re-renders at once (the banner is small), `state` as a
 * transition. React restarts a transition whenever an urgent update comes first, so a report
 * that takes longer to draw than the store's publishing interval would never be drawn — and a
 * banner fed from it would stand still. Here the banner never waits for the figures,
 * and once the figures have waited {@link HOLD_AFTER_MS}, the banner's updates ride in their
 * transition (for at most {@link MAX_HOLD_MS} at a time), so partial figures do appear. A load's
 * last state updates both in one transition: banner and figures change in the same commit.
 */
export function useFoldedSummary<S>(request: SummaryRequest<S> | null): FoldedSummary<S> {
  const store = useSummaryStore()
  const key = useMemo(() => (request ? summaryKey(request) : null), [request])
  const read = (k: string | null) => (k === null ? null : store.get<S>(k))
  const [live, setLive] = useState<Seen<S>>(() => ({ key, state: read(key) }))
  const [drawn, setDrawn] = useState<Seen<S>>(live)
  const pendingSince = useRef<number | null>(null)
  const lastUrgent = useRef(0)

  // Reads the latest request without making it a reason to restart: only the key is.
  const watch = useEffectEvent((watched: string) => {
    if (request) store.watch(watched, request)
  })
  useEffect(() => {
    if (key === null) return
    let seen: LoadState<S> | null | undefined
    const sync = () => {
      const state = store.get<S>(key)
      if (state === seen) return
      seen = state
      const next = { key, state }
      // The load's last state is drawn with its banner, in one render: no moment where the banner
      // says "all runs loaded" beside figures of fewer runs. That render is a transition, so a
      // whole page drawn anew is drawn in slices while the page stays responsive.
      if (hasEnded(state)) {
        startTransition(() => {
          setLive(next)
          setDrawn(next)
        })
        return
      }
      const now = Date.now()
      const waited = pendingSince.current === null ? 0 : now - pendingSince.current
      if (waited > HOLD_AFTER_MS && now - lastUrgent.current < MAX_HOLD_MS) {
        startTransition(() => {
          setLive(next)
          setDrawn(next)
        })
        return
      }
      lastUrgent.current = now
      pendingSince.current ??= now
      setLive(next)
      startTransition(() => setDrawn(next))
    }
    const unsubscribe = store.subscribe(sync)
    watch(key)
    sync()
    return () => {
      unsubscribe()
      store.release(key)
    }
  }, [store, key])
  useEffect(() => {
    // The figures caught up, or a newer state is already on its way: measure from now.
    const latest = drawn.key === null ? null : store.get<S>(drawn.key)
    pendingSince.current = drawn.state === latest ? null : Date.now()
  }, [store, drawn])

  // Another key (other filters) shows its own state at once; never another key's figures.
  const liveState = live.key === key ? live.state : read(key)
  const shown = drawn.key === key ? drawn.state : liveState
  const actions = useMemo(
    () => ({
      cancel: () => key !== null && store.cancel(key),
      resume: () => key !== null && store.resume(key),
      reload: () => key !== null && store.reload(key),
    }),
    [store, key],
  )
  // One object while nothing changed, so pages can memoise (and defer) what they build on it.
  return useMemo(() => ({ state: shown, live: liveState, ...actions }), [shown, liveState, actions])
}

/**
 * `value` deferred while the load of `state` runs (React draws it in the background, in slices),
 * and as it is once that load has ended: the last figures appear with the banner that says so.
 */
export function useDeferredUntilEnded<T>(value: T, state: LoadState<unknown> | null): T {
  const deferred = useDeferredValue(value)
  return hasEnded(state) ? value : deferred
}
