import type { RunsQuery } from './endpoints'
import { loadAllRuns, type Folder, type LoadState } from './load-all-runs'
import type { ApiConfig } from './request'

export interface SummaryRequest<S> {
  config: ApiConfig
  query: Omit<RunsQuery, 'cursor' | 'limit'>
  folder: Folder<S>
}

interface Entry {
  state: LoadState<unknown> | null
  seen: Set<string>
  controller: AbortController | null
  request: SummaryRequest<unknown>
  /** Aborted because nobody looked any more (not by the person): continue when looked at again. */
  released: boolean
  usedAt: number
}

const MAX_FINISHED = 24

/** Whether the entry's load is still fetching (its last update may precede its promise's end). */
const isRunning = (entry: Entry) => {
  const status = entry.state?.status
  return status === undefined || status === 'loading' || status === 'waiting'
}

/**
 * Loads and caches folded summaries by key (the parsed filters): switching back to filters seen
 * before is instant, a load nobody watches any more is aborted, and an incomplete load keeps its
 * summary and cursor so it can be resumed. React reads it through useSyncExternalStore.
 */
export class RunSummaryStore {
  private entries = new Map<string, Entry>()
  private listeners = new Set<() => void>()
  private clock = 0

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get<S>(key: string): LoadState<S> | null {
    return (this.entries.get(key)?.state as LoadState<S> | undefined) ?? null
  }

  /** Starts (or continues) the load for `key` unless it is running or finished. */
  watch<S>(key: string, request: SummaryRequest<S>): void {
    const entry = this.entries.get(key)
    if (!entry) {
      this.begin(key, request as SummaryRequest<unknown>, null)
      return
    }
    entry.usedAt = ++this.clock
    // Released means aborted because nobody watched (React StrictMode does this on every mount):
    // continue from the last whole page, whatever status the aborted load has reached by now.
    if (entry.released) this.begin(key, entry.request, entry)
  }

  /** The page stopped showing `key`: abort a running load so new filters never wait for it. */
  release(key: string): void {
    const entry = this.entries.get(key)
    if (!entry?.controller || !isRunning(entry)) return
    entry.released = true
    entry.controller.abort()
  }

  cancel(key: string): void {
    const entry = this.entries.get(key)
    if (!entry?.controller) return
    entry.released = false
    entry.controller.abort()
  }

  /** Continues a cancelled or partial load from its last cursor. */
  resume(key: string): void {
    const entry = this.entries.get(key)
    if (entry && !entry.controller) this.begin(key, entry.request, entry)
  }

  /** Forgets what was loaded for `key` and loads it again from the start. */
  reload(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    entry.controller?.abort()
    this.entries.delete(key)
    this.begin(key, entry.request, null)
  }

  private begin(key: string, request: SummaryRequest<unknown>, from: Entry | null) {
    const controller = new AbortController()
    const resumable = from?.state && from.state.pages > 0 ? from.state : null
    const entry: Entry = {
      state: from?.state ?? null,
      // A copy: the aborted load may still add the uuids of a page it fetched before the abort.
      seen: resumable && from ? new Set(from.seen) : new Set(),
      controller,
      request,
      released: false,
      usedAt: ++this.clock,
    }
    this.entries.set(key, entry)
    void loadAllRuns({
      ...request,
      signal: controller.signal,
      resume: resumable ? { state: resumable, seen: entry.seen } : undefined,
      onUpdate: (state) => {
        if (this.entries.get(key) !== entry) return
        entry.state = state
        this.emit()
      },
    }).then(() => {
      if (entry.controller === controller) entry.controller = null
      this.evict()
      this.emit()
    })
  }

  private evict() {
    const finished = [...this.entries.entries()].filter(([, e]) => !e.controller)
    if (finished.length <= MAX_FINISHED) return
    finished.sort((a, b) => a[1].usedAt - b[1].usedAt)
    for (const [key] of finished.slice(0, finished.length - MAX_FINISHED)) this.entries.delete(key)
  }

  private emit() {
    for (const listener of this.listeners) listener()
  }
}
