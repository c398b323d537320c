import { folderFor, type FolderSpec } from './folder-specs'
import { loadAllRuns, type Folder, type LoadState } from './load-all-runs'
import type { LoadJob, LoadRunner } from './load-runner'

interface Running {
  controller: AbortController
  /** The uuids of every run folded so far: a resumed load skips them. */
  seen: Set<string>
  state: LoadState<unknown> | null
}

/**
 * Runs loads in the current thread — the page's in tests and where no Worker exists, the
 * worker's own inside the Web Worker. Keeps each job's last state and seen runs so a later job
 * can continue it.
 */
export class LoadJobs implements LoadRunner {
  private jobs = new Map<number, Running>()

  constructor(private readonly folders: (spec: FolderSpec) => Folder<unknown> = folderFor) {}

  async start(job: LoadJob, onUpdate: (state: LoadState<unknown>) => void): Promise<void> {
    const from = job.resumeFrom === null ? undefined : this.jobs.get(job.resumeFrom)
    const resumable = from?.state && from.state.pages > 0 ? from.state : null
    const running: Running = {
      controller: new AbortController(),
      // A copy: the job we continue may still add the uuids of a page fetched before its abort.
      seen: resumable && from ? new Set(from.seen) : new Set(),
      state: null,
    }
    this.jobs.set(job.id, running)
    await loadAllRuns({
      config: job.config,
      query: job.query,
      folder: this.folders(job.spec),
      signal: running.controller.signal,
      resume: resumable ? { state: resumable, seen: running.seen } : undefined,
      onUpdate: (state) => {
        running.state = state
        onUpdate(state)
      },
    })
  }

  abort(id: number): void {
    this.jobs.get(id)?.controller.abort()
  }

  forget(id: number): void {
    this.jobs.get(id)?.controller.abort()
    this.jobs.delete(id)
  }
}
