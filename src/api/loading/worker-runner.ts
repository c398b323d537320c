import type { LoadState } from './load-all-runs'
import { folderFor } from './folder-specs'
import { InThreadRunner } from './in-thread-runner'
import type { LoadJob, LoadRunner } from './load-runner'
import { decodeError, decodeSummary } from './transfer'
import type { FromWorker, ToWorker, WorkerDemo } from './worker-protocol'

interface Pending {
  job: LoadJob
  onUpdate: (state: LoadState<unknown>) => void
  done: () => void
  /** The summary decoded from the job's last update (patches build on it). */
  summary: unknown
}

/**
 * Runs loads in a Web Worker: fetching, JSON parsing, validation and folding happen off the
 * page's main thread, which only receives each page's small summary (or, for the runs list,
 * the rows added). If the worker cannot start or dies, its loads start again on the page, so a
 * broken worker costs speed, never data.
 */
export class WorkerRunner implements LoadRunner {
  private pending = new Map<number, Pending>()
  private fallback: InThreadRunner | null = null
  /** Demo requests waiting for the worker's answer: resolve with it, or fail. */
  private fetches = new Map<number, (response: Response | Error) => void>()
  private fetchIds = 0

  constructor(
    private readonly worker: Worker,
    demo: WorkerDemo | null = null,
  ) {
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) =>
      this.receive(event.data),
    )
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      this.fallBack()
    })
    if (demo) this.post({ type: 'demo', demo })
  }

  start(job: LoadJob, onUpdate: (state: LoadState<unknown>) => void): Promise<void> {
    if (this.fallback) return this.fallback.start(job, onUpdate)
    return new Promise((done) => {
      this.pending.set(job.id, { job, onUpdate, done, summary: null })
      // No fetchFn (a function cannot cross); a relative base URL resolves against the page.
      const baseUrl = new URL(job.config.baseUrl, globalThis.location.href).toString()
      const config = { baseUrl, timeoutMs: job.config.timeoutMs }
      this.post({ type: 'start', job: { ...job, config } })
    })
  }

  abort(id: number): void {
    if (this.fallback) this.fallback.abort(id)
    else this.post({ type: 'abort', id })
  }

  forget(id: number): void {
    if (this.fallback) this.fallback.forget(id)
    else this.post({ type: 'forget', id })
  }

  /**
   * Demo builds: the answer of the worker's simulated installation to a GET of `url` — the page's
   * `fetch` in a demo, so the installation is built once, off the main thread. An abort of
   * `signal` rejects with its reason, as `fetch` does.
   */
  fetchDemo(url: string, signal?: AbortSignal): Promise<Response> {
    const id = ++this.fetchIds
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      if (this.fallback) return reject(new TypeError('The demo installation is not running.'))
      const abort = () => {
        this.fetches.delete(id)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', abort, { once: true })
      this.fetches.set(id, (answer) => {
        signal?.removeEventListener('abort', abort)
        if (answer instanceof Error) reject(answer)
        else resolve(answer)
      })
      this.post({ type: 'fetch', id, url })
    })
  }

  private post(message: ToWorker) {
    this.worker.postMessage(message)
  }

  private receive(message: FromWorker) {
    if (message.type === 'fetch-failed') {
      this.fetches.get(message.id)?.(new TypeError('The demo installation did not answer.'))
      this.fetches.delete(message.id)
      return
    }
    if (message.type === 'fetched') {
      const { id, status, headers, body } = message
      this.fetches.get(id)?.(new Response(body, { status, headers }))
      this.fetches.delete(id)
      return
    }
    const pending = this.pending.get(message.id)
    if (!pending) return
    if (message.type === 'end') {
      this.pending.delete(message.id)
      pending.done()
      return
    }
    const { summary, error, ...rest } = message.state
    pending.summary = decodeSummary(pending.job.spec.kind, pending.summary, summary)
    pending.onUpdate({ ...rest, summary: pending.summary, error: decodeError(error) })
  }

  /** The worker failed: every load it held starts again on the page, from the beginning. */
  private fallBack() {
    if (this.fallback) return
    this.fallback = new InThreadRunner(folderFor, true)
    this.worker.terminate()
    // A demo's installation lived in the worker: its open requests fail like a lost network.
    for (const settle of this.fetches.values()) {
      settle(new TypeError('The demo installation stopped.'))
    }
    this.fetches.clear()
    const pending = [...this.pending.values()]
    this.pending.clear()
    for (const { job, onUpdate, done } of pending) {
      void this.fallback.start({ ...job, resumeFrom: null }, onUpdate).then(done)
    }
  }
}
