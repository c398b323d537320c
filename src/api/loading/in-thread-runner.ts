import { folderFor, queryOf, type FolderSpec } from './folder-specs'
import { firstRefusalDay } from './first-refusal-day'
import { emptyState, loadAllRuns, type Folder, type LoadState } from './load-all-runs'
import type { LoadJob, LoadRunner } from './load-runner'
import { serverSummary } from './server-summary'
import { asksRunRows, loadRunRows } from './server-run-rows'
import type { RunsSummary } from '@/domain/runs'

interface Running {
  controller: AbortController
  /** The uuids of every run folded so far: a resumed load skips them. */
  seen: Set<string>
  state: LoadState<unknown> | null
  /** Whether the load pages the server's run rows (`/run-rows`) rather than folding `/runs`. */
  rows: boolean
  /** What the load folds: the job's spec, or the part of it the server pointed to. */
  spec: FolderSpec
}

/**
 * Runs loads in the current thread — the page's in tests and where no Worker exists, the
 * worker's own inside the Web Worker. Keeps each job's last state and seen runs so a later job
 * can continue it.
 */
export class InThreadRunner implements LoadRunner {
  private jobs = new Map<number, Running>()
  /** Base URLs whose API offers no `/summary`: not asked again while these jobs live. */
  private notOffered = new Set<string>()
  /** Base URLs whose API offers no `/run-rows`: not asked again either. */
  private rowsNotOffered = new Set<string>()

  /**
   * `askServer`: try the installation's pre-aggregated `/summary` before folding a tool summary
   * (decision 0008). The worker does; on the page (tests, browsers without workers) it is off,
   * so page tests need not answer an endpoint they do not test.
   */
  constructor(
    private readonly folders: (spec: FolderSpec) => Folder<unknown> = folderFor,
    private readonly askServer = false,
  ) {}

  async start(job: LoadJob, onUpdate: (state: LoadState<unknown>) => void): Promise<void> {
    const from = job.resumeFrom === null ? undefined : this.jobs.get(job.resumeFrom)
    const resumable = from?.state && from.state.pages > 0 ? from.state : null
    const running: Running = {
      controller: new AbortController(),
      // A copy: the job we continue may still add the uuids of a page fetched before its abort.
      seen: resumable && from ? new Set(from.seen) : new Set(),
      state: null,
      rows: false,
      // A load that continues another folds what that one folded (its cursor is of that query).
      spec: resumable && from ? from.spec : job.spec,
    }
    this.jobs.set(job.id, running)
    // A resumed load continues where the load it resumes got its pages.
    const rowsWhy =
      resumable && !from?.rows
        ? undefined
        : await this.serverRows(job, running, resumable, onUpdate)
    if (rowsWhy === true) return
    const answer = this.askServer
      ? await serverSummary(job, running.controller.signal, this.notOffered, onUpdate)
      : null
    if (answer?.state) {
      running.state = answer.state
      onUpdate(answer.state)
      return
    }
    if (this.askServer && resumable === null) {
      const plan = await firstRefusalDay(job, running.controller.signal, this.notOffered)
      if ('state' in plan) {
        running.state = plan.state
        onUpdate(plan.state)
        return
      }
      running.spec = plan.spec
    }
    // Said on every state of the fold, so the banner keeps the reason until the load ends.
    const reason = answer?.why ?? rowsWhy
    const why = reason === undefined ? {} : { foldedHere: reason }
    if (running.controller.signal.aborted) {
      onUpdate({ ...emptyState(this.folders(running.spec).empty()), status: 'cancelled' })
      return
    }
    await loadAllRuns({
      config: job.config,
      query: queryOf(running.spec),
      folder: this.folders(running.spec),
      signal: running.controller.signal,
      resume: resumable ? { state: resumable, seen: running.seen } : undefined,
      onUpdate: (state) => {
        running.state = { ...state, ...why }
        onUpdate(running.state)
      },
    })
  }

  /**
   * A runs list from the server's `/run-rows` when it is asked for one (decision 0026): true when
   * that load ran (whatever its end), else why `/runs` is folded instead (undefined: nothing to
   * say). A load that continues one of run rows continues it there.
   */
  private async serverRows(
    job: LoadJob,
    running: Running,
    continues: LoadState<unknown> | null,
    onUpdate: (state: LoadState<unknown>) => void,
  ): Promise<true | string | undefined> {
    const { baseUrl } = job.config
    if (continues === null) {
      if (!this.askServer || !asksRunRows(job.spec) || this.rowsNotOffered.has(baseUrl)) return
    }
    running.rows = true
    const answer = await loadRunRows(
      job.config,
      job.spec,
      running.controller.signal,
      (state) => {
        running.state = state
        onUpdate(state)
      },
      continues === null
        ? undefined
        : { state: continues as LoadState<RunsSummary>, seen: running.seen },
    )
    if (answer.state !== null) return true
    running.rows = false
    running.state = null
    if (answer.notOffered) this.rowsNotOffered.add(baseUrl)
    return answer.why
  }

  abort(id: number): void {
    this.jobs.get(id)?.controller.abort()
  }

  forget(id: number): void {
    this.jobs.get(id)?.controller.abort()
    this.jobs.delete(id)
  }
}
