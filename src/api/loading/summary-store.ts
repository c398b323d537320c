import type { ApiConfig } from '../request'
import type { FolderSpec } from './folder-specs'
import { hasEnded, type LoadState } from './load-all-runs'
import { InThreadRunner } from './in-thread-runner'
import type { LoadRunner } from './load-runner'

/**
 * What to load and fold. `S` is the summary type the spec's kind folds into (the hooks that
 * build requests state it); the spec is plain data so the load can run in a Web Worker.
 */
export interface SummaryRequest<S> {
  config: ApiConfig
  /** What to fold; its scope also says which runs to fetch. */
  spec: FolderSpec
  /** Only for typing: the summary `spec` folds into. */
  readonly summary?: S
}

interface Entry {
  state: LoadState<unknown> | null
  /** The state the page last saw (published at most every EMIT_EVERY_MS while loading). */
  shown: LoadState<unknown> | null
  /** The runner's job for this key (the running one, or the last one that ran). */
  job: number
  running: boolean
  request: SummaryRequest<unknown>
  /** Aborted because nobody looked any more (not by the person): continue when looked at again. */
  released: boolean
  usedAt: number
}

const MAX_FINISHED = 24
/**
 * While pages keep arriving, the page re-renders its figures at most this often: a render of a
 * whole report costs far more than folding a page, so one per page would keep the main thread
 * busy. Every other change (waiting, error, done) shows at once.
 */
export const EMIT_EVERY_MS = 750

/** Whether the entry's load is still fetching (its last update may precede its promise's end). */
const isRunning = (entry: Entry) => !hasEnded(entry.state)

/**
 * Loads and caches folded summaries by key (`summaryKey` of the request): switching back to
 * filters seen before is instant, a load nobody watches any more is aborted, and an incomplete
 * load keeps its summary and cursor so it can be resumed. React reads it through
 * useSyncExternalStore. TanStack Query caches single answers; this caches loads of many pages
 * that run in a worker and continue where they stopped, which its cache has no notion of.
 */
export class SummaryStore {
  private entries = new Map<string, Entry>()
  private listeners = new Set<() => void>()
  private clock = 0
  private jobs = 0
  private lastEmit = 0
  private emitTimer: ReturnType<typeof setTimeout> | null = null

  /** `runner` runs the loads: in this thread by default, in a Web Worker in the app. */
  constructor(private readonly runner: LoadRunner = new InThreadRunner()) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get<S>(key: string): LoadState<S> | null {
    return (this.entries.get(key)?.shown as LoadState<S> | undefined) ?? null
  }

  /**
   * One load outside the cache (an export): every state goes to `onUpdate`, in the same runner
   * (the worker) as the summaries; resolves with the last state. Aborting `signal` cancels it.
   */
  async runOnce<S>(
    request: SummaryRequest<S>,
    signal: AbortSignal,
    onUpdate: (state: LoadState<S>) => void,
  ): Promise<LoadState<S> | null> {
    const id = ++this.jobs
    const { config, spec } = request
    let last: LoadState<S> | null = null
    const abort = () => this.runner.abort(id)
    signal.addEventListener('abort', abort, { once: true })
    try {
      const done = this.runner.start({ id, config, spec, resumeFrom: null }, (state) => {
        last = state as LoadState<S>
        onUpdate(last)
      })
      if (signal.aborted) abort()
      await done
    } finally {
      signal.removeEventListener('abort', abort)
      this.runner.forget(id)
    }
    return last
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
    if (!entry?.running || !isRunning(entry)) return
    entry.released = true
    this.runner.abort(entry.job)
  }

  cancel(key: string): void {
    const entry = this.entries.get(key)
    if (!entry?.running) return
    entry.released = false
    this.runner.abort(entry.job)
  }

  /** Continues a cancelled or partial load from its last cursor. */
  resume(key: string): void {
    const entry = this.entries.get(key)
    if (entry && !entry.running) this.begin(key, entry.request, entry)
  }

  /** Forgets what was loaded for `key` and loads it again from the start. */
  reload(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.runner.forget(entry.job)
    this.entries.delete(key)
    this.begin(key, entry.request, null)
  }

  private begin(key: string, request: SummaryRequest<unknown>, from: Entry | null) {
    const entry: Entry = {
      state: from?.state ?? null,
      shown: from?.state ?? null,
      job: ++this.jobs,
      running: true,
      request,
      released: false,
      usedAt: ++this.clock,
    }
    this.entries.set(key, entry)
    const { config, spec } = request
    const resumeFrom = from ? from.job : null
    void this.runner
      .start({ id: entry.job, config, spec, resumeFrom }, (state) => {
        if (this.entries.get(key) !== entry) return
        entry.state = state
        if (state.status === 'loading' && entry.shown?.status === 'loading') this.emitSoon()
        else this.emit()
      })
      .then(() => {
        entry.running = false
        this.evict()
        this.emit()
      })
    // The new job copied what it continues; the old one's seen runs are no longer needed.
    if (resumeFrom !== null) this.runner.forget(resumeFrom)
  }

  private evict() {
    const finished = [...this.entries.entries()].filter(([, e]) => !e.running)
    if (finished.length <= MAX_FINISHED) return
    finished.sort((a, b) => a[1].usedAt - b[1].usedAt)
    for (const [key, entry] of finished.slice(0, finished.length - MAX_FINISHED)) {
      this.entries.delete(key)
      this.runner.forget(entry.job)
    }
  }

  /** Publishes every entry's latest state within EMIT_EVERY_MS of the last publication. */
  private emitSoon() {
    if (this.emitTimer !== null) return
    const wait = Math.max(0, this.lastEmit + EMIT_EVERY_MS - Date.now())
    this.emitTimer = setTimeout(() => this.emit(), wait)
  }

  private emit() {
    if (this.emitTimer !== null) clearTimeout(this.emitTimer)
    this.emitTimer = null
    this.lastEmit = Date.now()
    for (const entry of this.entries.values()) entry.shown = entry.state
    for (const listener of this.listeners) listener()
  }
}
